// The e-mails of a placed order as a subscriber of the event log (issue 44): the customer's order
// confirmation (with each survey's link and QR code) and the brand's order-notification addresses.
// Checkout records `order.placed` with the order and calls no mail. The e-mails wear the brand the order
// was placed at, with links to that brand's site, as they did when checkout rendered them.
import { and, eq, or } from 'drizzle-orm';
import { parseEmailList } from '../../domain/index.js';
import { brandSiteOrigin } from '../brands/resolve-brand.js';
import type { Db } from '../db/client.js';
import { brands, orders, surveyLinks, users } from '../db/schema.js';
import { emailBrandOf } from '../email/index.js';
import type { Subscriber } from '../events/index.js';
import type { BackgroundMailDeps } from '../notifications/index.js';
import { orderConfirmationEmail, orderNotificationEmails } from './confirmation-emails.js';

/** Who placed the order: the account's person, or the guest's e-mail and profile. */
async function customerOf(db: Db, order: typeof orders.$inferSelect) {
  if (order.uid) {
    const [u] = await db.select().from(users).where(eq(users.id, order.uid));
    return (
      u && { email: u.email, firstName: u.firstName, lastName: u.lastName, businessName: u.businessName }
    );
  }
  return order.guestEmail && order.guestProfile
    ? { email: order.guestEmail, ...order.guestProfile }
    : undefined;
}

export function orderMailSubscriber(deps: BackgroundMailDeps): Subscriber {
  return {
    name: 'order-mail', // stored in each receipt: keep it stable
    events: ['order.placed'],
    async handle(tx, event) {
      if (event.type !== 'order.placed') return;
      const placed = event.payload;
      const [row] = await tx
        .select({ order: orders, brand: brands })
        .from(orders)
        .innerJoin(brands, eq(brands.id, orders.brandId))
        .where(eq(orders.id, placed.orderId));
      const customer = row && (await customerOf(tx, row.order));
      if (!row || !customer || placed.orderNumber === null) return;
      const origin = brandSiteOrigin(row.brand, { publicUrl: deps.origin, baseDomain: deps.baseDomain });
      // Each survey's link as stored (one per survey and location, kept if the location had one).
      const surveys = placed.shops.filter((s) => s.kind === 'customerSurvey');
      const links =
        surveys.length === 0
          ? []
          : await tx
              .select()
              .from(surveyLinks)
              .where(
                or(
                  ...surveys.map((s) =>
                    and(eq(surveyLinks.uqid, s.programId), eq(surveyLinks.locationId, s.locationId)),
                  ),
                ),
              );
      const codes = new Map(links.map((l) => [`${l.uqid}:${l.locationId}`, l.surveyCode]));
      const facts = {
        brand: emailBrandOf(row.brand, { origin, storage: deps.storage }),
        origin,
        orderNumber: placed.orderNumber,
        amount: placed.amount,
        customerName: `${customer.firstName} ${customer.lastName}`.trim() || customer.email,
        hasShops: placed.shops.some((s) => s.kind !== 'customerSurvey'),
        surveyLinks: surveys.flatMap((s) => {
          const surveyCode = codes.get(`${s.programId}:${s.locationId}`);
          return surveyCode ? [{ title: s.programName, locationName: s.locationName, surveyCode }] : [];
        }),
      };
      const messages = [
        {
          ...orderConfirmationEmail(customer.email, facts),
          dedupKey: `order:${placed.orderId}:confirmation`,
        },
        ...orderNotificationEmails(parseEmailList(row.brand.orderNotificationEmails ?? ''), {
          ...facts,
          businessName: customer.businessName,
          email: customer.email,
        }).map((m) => ({ ...m, dedupKey: `order:${placed.orderId}:notification:${m.to}` })),
      ];
      for (const message of messages) await deps.mail.send(tx, message);
    },
  };
}
