import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  createZCheckoutInput,
  customizeContinueError,
  guestCheckoutOffered,
  paidThroughAfterCheckout,
  type QuestionnaireType,
} from '../../domain/index.js';
import { registerUser } from '../accounts/register-user.js';
import type { CardDetails, ChargeResult, PaymentsAdapter } from '../adapters/payments.js';
import { cardSavedEntry, recordAuditStatement } from '../audit/index.js';
import { hashPassword } from '../auth/passwords.js';
import type { BrandRow, UserRow } from '../context.js';
import { type Db, finish, inTransaction, type Statement } from '../db/client.js';
import { newId } from '../db/ids.js';
import {
  invoiceLines,
  invoices,
  locations,
  orders,
  shops,
  surveyLinks,
  userQuestionnaires,
  users,
} from '../db/schema.js';
import { AppError, badInput, parseInput } from '../errors.js';
import { recordEventStatements } from '../events/index.js';
import { visitsInsert } from '../fieldwork/index.js';
import { loadCartGraph } from '../orders/cart-access.js';
import {
  type OrderGraph,
  type OrderRow,
  orderInitialDue,
  pricedShop,
  type ShopInContext,
  shopDue,
} from '../orders/order-graph.js';

export const MSG_NOTHING_IN_ORDER = 'There is nothing in your order yet, please begin the order process.';
export const MSG_ACCOUNT_REQUIRED =
  'An account is required for orders with recurring shops or customer surveys. Please choose a password.';

export type CheckoutDeps = {
  user: UserRow | null;
  brand: BrandRow;
  payments: PaymentsAdapter;
  now: Date;
  /** Where the request came from, for the audit log's entry of a card put on file. */
  ip?: string | null;
  userAgent?: string | null;
};

export type CheckoutResult = { order: OrderRow; graph: OrderGraph; createdUser: UserRow | null };

/**
 * Places the order in one transaction: validate, charge the initial amount due (with an idempotency key
 * derived from the order and the card, so a double submit never charges twice), then complete the order,
 * activate its shops, create the account or record the guest, save the card, issue the invoice and survey
 * links, and record `order.placed` (whose subscribers send the e-mails and webhooks). A failed charge throws and nothing is completed: the cart stays as it was.
 */
export async function checkout(
  db: Db,
  deps: CheckoutDeps,
  opts: { oid: string; input: Record<string, unknown> },
): Promise<CheckoutResult> {
  const loggedIn = deps.user !== null;
  const guestRequested = !loggedIn && opts.input.guestCheckout === true;
  const input = parseInput(
    createZCheckoutInput({
      loggedIn,
      hasCardOnFile: !!deps.user?.paymentCard,
      guestCheckout: guestRequested,
    }),
    opts.input,
  );

  // A new account's password is hashed before the transaction: the hash takes ~90 ms of CPU.
  const passwordHash = !loggedIn && !guestRequested ? await hashPassword(input.password!) : undefined;
  return inTransaction(db, async (tx) => {
    const graph = await loadCartGraph(tx, deps.user, opts.oid, { forUpdate: true });
    const order = graph.order;
    const due = orderInitialDue(graph, deps.now);
    if (due.value <= 0) throw badInput('oid', MSG_NOTHING_IN_ORDER);
    const uploadMissing = customizeContinueError(graph.userQuestionnaires);
    if (uploadMissing) throw badInput('oid', uploadMissing);
    const allShops = graph.locations.flatMap((l) => l.shops);
    const guest =
      guestRequested &&
      guestCheckoutOffered({
        loggedIn,
        shops: allShops.map((s) => ({
          recurring: s.recurring,
          questionnaireType: s.questionnaireType as QuestionnaireType,
        })),
      });
    if (guestRequested && !guest) {
      throw new AppError('BAD_USER_INPUT', MSG_ACCOUNT_REQUIRED, [
        { field: 'password', message: MSG_ACCOUNT_REQUIRED },
      ]);
    }

    // The customer: the logged-in user, a new account, or nobody (guest).
    let customer = deps.user;
    let createdUser: UserRow | null = null;
    if (!customer && !guest) {
      createdUser = await registerUser(tx, {
        input: { email: input.email!, password: input.password!, profile: input.profile! },
        brandId: order.brandId,
        passwordHash,
      });
      customer = createdUser;
    }
    const email = customer?.email ?? input.email!;
    const profile = customer
      ? { firstName: customer.firstName, lastName: customer.lastName, businessName: customer.businessName }
      : input.profile!;

    // Payment: a new card token is attached to the customer; otherwise the card on file is charged.
    if (!input.stripeToken && !customer?.paymentCard) {
      throw new AppError('BAD_USER_INPUT', 'A valid Payment Card is required.', [
        { field: 'paymentCardValid', message: 'A valid Payment Card is required.' },
      ]);
    }
    const customerId =
      customer?.paymentCustomerId ??
      (await deps.payments.createCustomer(tx, {
        email,
        name: `${profile.firstName} ${profile.lastName}`.trim(),
      }));
    const cardKey =
      input.stripeToken ?? `card-on-file:${customerId}:${JSON.stringify(customer?.paymentCard)}`;
    const idempotencyKey = `checkout:${order.id}:${cardKey}`;
    const payment = {
      customerId,
      amount: due.value,
      description: `${deps.brand.name} order #${order.orderNumber}`,
      idempotencyKey,
    };
    const { card, charge }: { card: CardDetails | null; charge: ChargeResult } = input.stripeToken
      ? await deps.payments.chargeNewCard(tx, { ...payment, cardToken: input.stripeToken })
      : { card: null, charge: await deps.payments.charge(tx, payment) };
    if (!charge.ok) {
      throw new AppError('PAYMENT_FAILED', charge.message, [{ field: 'card', message: charge.message }]);
    }

    // Complete the order. The writes below go out together, in this order, with the commit (see finish).
    const now = deps.now;
    const qById = new Map(graph.userQuestionnaires.map((uq) => [uq.qid, uq.questionnaire]));
    const changes = {
      status: 'COMPLETE',
      uid: customer?.id ?? null,
      orderDate: now,
      amount: due.value,
      referralCode: input.referralCode ?? null,
      paymentChargeId: charge.chargeId,
      paymentCustomerId: customerId,
      guestEmail: guest ? email : null,
      guestProfile: guest ? input.profile! : null,
      updatedAt: now,
    } satisfies Partial<OrderRow>;
    const shopChanges = (shop: ShopInContext) =>
      ({
        status: 'active',
        uid: customer?.id ?? null,
        paidThrough: paidThroughAfterCheckout(pricedShop(shop, qById.get(shop.qid)), now),
        billedReimbursement: shop.reimbursement,
        updatedAt: now,
      }) satisfies Partial<ShopInContext>;
    const writes: (Statement | null)[] = [
      tx.update(orders).set(changes).where(eq(orders.id, order.id)),
      ...allShops.map((shop) => tx.update(shops).set(shopChanges(shop)).where(eq(shops.id, shop.id))),
      // The mystery shops' first visits, ready for shoppers to accept.
      visitsInsert(tx, allShops, now),
    ];
    if (customer) {
      const locationIds = graph.locations.map((l) => l.id);
      if (locationIds.length) {
        writes.push(
          tx
            .update(locations)
            .set({ uid: customer.id, updatedAt: now })
            .where(and(inArray(locations.id, locationIds), isNull(locations.uid))),
        );
      }
      writes.push(
        tx.update(userQuestionnaires).set({ uid: customer.id }).where(eq(userQuestionnaires.oid, order.id)),
        tx
          .update(users)
          .set({ paymentCustomerId: customerId, ...(card ? { paymentCard: card } : {}), updatedAt: now })
          .where(eq(users.id, customer.id)),
      );
      // A new card on file is on the account's audit log, as when it is saved in the account.
      if (card)
        writes.push(
          recordAuditStatement(
            tx,
            { person: customer, ip: deps.ip, userAgent: deps.userAgent },
            cardSavedEntry(customer.id, customer.paymentCard ?? null, card),
          ),
        );

      // The checkout charge on the customer's payment history (its lines are sent after it).
      const invoiceId = newId();
      writes.push(
        tx.insert(invoices).values({
          id: invoiceId,
          uid: customer.id,
          oid: order.id,
          date: now,
          amount: due.value,
          attempted: true,
          paid: true,
          closed: true,
          receiptNumber: `${order.orderNumber}-1`,
          idempotencyKey,
          paymentChargeId: charge.chargeId,
        }),
      );
      const lines: (typeof invoiceLines.$inferInsert)[] = graph.locations.flatMap((l) =>
        l.shops.map((s) => ({
          id: newId(),
          invoiceId,
          shopId: s.id,
          description: `${s.questionnaireTitle} at ${l.name}`,
          amount: shopDue(s, l.state, qById.get(s.qid), now),
        })),
      );
      if (due.startupCosts > 0) {
        lines.push({
          id: newId(),
          invoiceId,
          shopId: null,
          description: 'Startup costs',
          amount: due.startupCosts,
        });
      }
      if (lines.length) writes.push(tx.insert(invoiceLines).values(lines));
    }

    // Survey links: one per survey questionnaire and location.
    const links = graph.locations.flatMap((l) =>
      l.shops
        .filter((x) => x.questionnaireType === 'customerSurvey')
        .map((s) => ({ shop: s, location: l, surveyCode: newId(12) })),
    );
    if (links.length) {
      writes.push(
        tx
          .insert(surveyLinks)
          .values(
            links.map((x) => ({
              id: newId(),
              uqid: x.shop.uqid,
              shopId: x.shop.id,
              locationId: x.location.id,
              surveyCode: x.surveyCode,
            })),
          )
          .onConflictDoNothing(),
      );
    }

    // What happened, for the event log's subscribers (the order's e-mails and the customer's webhooks):
    // sent with the commit.
    const placed = recordEventStatements(tx, {
      type: 'order.placed',
      accountId: customer?.id ?? null,
      at: now,
      payload: {
        orderId: order.id,
        orderNumber: order.orderNumber,
        amount: due.value,
        currency: 'usd',
        placedAt: now.toISOString(),
        shops: graph.locations.flatMap((l) =>
          l.shops.map((s) => ({
            shopId: s.id,
            programId: s.uqid,
            programName: s.questionnaireTitle,
            kind: s.questionnaireType,
            locationId: l.id,
            locationName: l.name,
          })),
        ),
      },
    });
    // The writes and the event's row and relay job go with the commit.
    await finish(tx, ...writes.filter((w) => w !== null), ...placed);
    // The placed order as those writes left it (no need to read it back).
    const owned = <T extends { uid: string | null }>(row: T): T =>
      customer && row.uid === null ? { ...row, uid: customer.id, updatedAt: now } : row;
    const placedGraph: OrderGraph = {
      order: { ...order, ...changes },
      userQuestionnaires: graph.userQuestionnaires.map((uq) => (customer ? { ...uq, uid: customer.id } : uq)),
      locations: graph.locations.map((l) => ({
        ...owned(l),
        shops: l.shops.map((shop) => ({ ...shop, ...shopChanges(shop) })),
      })),
    };
    return { order: placedGraph.order, graph: placedGraph, createdUser };
  });
}
