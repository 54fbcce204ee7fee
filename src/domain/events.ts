// Domain events (issue 44): what a use case records as having happened, as a row of the one event log
// (`domain_events`) in the use case's own transaction. Subscribers registered at the composition root
// (src/server/wiring/subscribers.ts) react to them through the job queue, each once per event id.
// Plain types and data only: the web may load the domain index.

/** A program's line of a placed order. */
export type PlacedShop = {
  shopId: string;
  programId: string;
  programName: string;
  kind: string;
  locationId: string;
  locationName: string;
};

/** Where a shop or survey happened, by the names the customer knows. */
type ProgramAtLocation = {
  programId: string | null;
  programName: string;
  locationId: string | null;
  locationName: string;
};

type InvoiceFacts = {
  invoiceId: string;
  billingMonth: string;
  /** Cents. */
  amount: number;
  currency: string;
  attempt: number;
};

type PlanFacts = {
  actionPlanId: string;
  evaluationId: string;
  programId: string;
  locationId: string | null;
  state: string;
  /** The score (per cent) of the shop that asked for the plan. */
  percentage: number;
  shopDate: string;
  dueDate: string;
  createdAt: string;
  programName: string;
  locationName: string;
};

/**
 * Every event and its payload. `accountId` is the customer account the event belongs to (null when
 * none: a guest order). Payloads hold only that account's own facts, never a shopper's: subscribers
 * pass them on to the customer (webhooks) as they are.
 */
export type DomainEventPayloads = {
  'order.placed': {
    orderId: string;
    orderNumber: number | null;
    amount: number;
    currency: string;
    placedAt: string;
    shops: PlacedShop[];
  };
  'visit.accepted': ProgramAtLocation & {
    visitId: string;
    evaluationId: string;
    shopId: string;
    dueDate: string | null;
    scheduledAt: string;
  };
  'evaluation.submitted': ProgramAtLocation & {
    evaluationId: string;
    visitId: string | null;
    shopDate: string;
    submittedAt: string;
  };
  'evaluation.approved': ProgramAtLocation & {
    evaluationId: string;
    visitId: string | null;
    shopDate: string | null;
    score: number;
    possibleScore: number;
    percentage: number | null;
    reportUrl: string;
    approvedAt: string;
  };
  'survey.response': ProgramAtLocation & {
    evaluationId: string;
    surveyLinkId: string;
    surveyCode: string;
    score: number;
    possibleScore: number;
    percentage: number | null;
    submittedAt: string;
  };
  'invoice.paid': InvoiceFacts & { receiptNumber: string; paidAt: string };
  'invoice.failed': InvoiceFacts & { failureMessage: string; nextAttemptAt: string | null };
  'plan.created': PlanFacts & { questions: number };
  'plan.resolved': PlanFacts & { resolvedAt: string };
  /** The location answered its plan: the account's owner and admins review it (no webhook). */
  'plan.submitted': PlanFacts & { submittedAt: string };
  /** The plan went back to the location with a note of what is needed (no webhook). */
  'plan.returned': PlanFacts & { returnedAt: string };
  /** The daily reminder run: the plan is due tomorrow and not yet answered (no webhook). */
  'plan.due_soon': PlanFacts & { remindedAt: string };
  /** The daily reminder run: the plan's due date has passed unanswered (no webhook). */
  'plan.overdue': PlanFacts & { overdueAt: string };
  // Security events (issue 50): told to the person they concern (security-notices), never to webhooks.
  /** A login signed in from a browser or app it had not used before. */
  'security.new_sign_in': {
    userId: string;
    sessionId: string;
    /** The device as the sessions list names it ("Chrome on macOS"). */
    device: string;
    ip: string | null;
    signedInAt: string;
  };
  /** A login's second factor was removed: by the person, or by a platform admin's reset. */
  'security.second_factor_removed': {
    userId: string;
    method: 'totp' | 'passkey';
    byAdmin: boolean;
    removedAt: string;
  };
  /** An API key was made for the account (the owner hears). */
  'security.api_key_created': {
    apiKeyId: string;
    name: string;
    prefix: string;
    scopes: string[];
    byUserId: string | null;
    createdAt: string;
  };
  /** The account was handed to another member (both hear). */
  'security.ownership_transferred': {
    accountName: string;
    fromUserId: string;
    toUserId: string;
    byUserId: string | null;
    at: string;
  };
  /** An approved shop tripped its program's alert rule (issue 48): once per shop. */
  'score.alerted': {
    alertId: string;
    evaluationId: string;
    programId: string;
    programName: string;
    locationId: string | null;
    locationName: string;
    shopDate: string | null;
    /** The shop's score, 0 to 100. */
    percentage: number;
    /** The location's trailing average on the program before this shop, or null for none. */
    trailingAverage: number | null;
    reason: 'below' | 'drop' | 'below-and-drop';
    belowPercent: number | null;
    dropPoints: number | null;
    trailingShops: number;
    /** The plan the program's trigger made for this shop, if it made one. */
    actionPlanId: string | null;
    reportUrl: string;
    alertedAt: string;
  };
  /**
   * A shopper's hold of a visit ended without a submission (issue 47): the deadline passed, they gave
   * it back, or a scheduler took it back. A fieldwork event (accountId null): it names the shopper, so
   * it is never sent to customers (no webhook; see SHOPPER_EVENT_TYPES).
   */
  /**
   * QA sent an evaluation back to its shopper with what to correct (a shopper event: no webhook, no
   * customer hears of it; the shopper is told).
   */
  'evaluation.rejected': {
    evaluationId: string;
    visitId: string | null;
    shopperId: string;
    programName: string;
    locationName: string;
    /** QA's note to the shopper (the evaluation's external comment). */
    comment: string;
    rejectedAt: string;
  };
  'visit.released': {
    visitId: string;
    evaluationId: string;
    shopperId: string;
    reason: 'deadline' | 'shopper' | 'scheduler';
    dueDate: string;
    submitBy: string | null;
    programName: string;
    city: string;
    state: string;
    releasedAt: string;
  };
};

export type DomainEventType = keyof DomainEventPayloads;

export const DOMAIN_EVENT_TYPES = [
  'order.placed',
  'visit.accepted',
  'evaluation.submitted',
  'evaluation.approved',
  'survey.response',
  'invoice.paid',
  'invoice.failed',
  'plan.created',
  'plan.resolved',
  'plan.submitted',
  'plan.returned',
  'plan.due_soon',
  'plan.overdue',
  'security.new_sign_in',
  'security.second_factor_removed',
  'security.api_key_created',
  'security.ownership_transferred',
  'score.alerted',
  'visit.released',
  'evaluation.rejected',
] as const satisfies readonly DomainEventType[];

/** The security events: for the person they concern only (no webhook carries them). */
export const SECURITY_EVENT_TYPES = [
  'security.new_sign_in',
  'security.second_factor_removed',
  'security.api_key_created',
  'security.ownership_transferred',
] as const satisfies readonly DomainEventType[];

/** Events about shoppers, not customers: no subscriber may pass them on to a customer (webhooks). */
export const SHOPPER_EVENT_TYPES = [
  'visit.released',
  'evaluation.rejected',
] as const satisfies readonly DomainEventType[];
export type ShopperEventType = (typeof SHOPPER_EVENT_TYPES)[number];
export type CustomerEventType = Exclude<DomainEventType, ShopperEventType>;

/** One event as a use case records it: the union over every type, each with its own payload. */
export type DomainEvent = {
  [T in DomainEventType]: {
    type: T;
    accountId: string | null;
    /** When it happened (the use case's clock). */
    at: Date;
    payload: DomainEventPayloads[T];
  };
}[DomainEventType];

/** An event as read back from the log: with its id, which makes every subscriber's effect once. */
export type StoredDomainEvent = DomainEvent & { id: string };

export const isDomainEventType = (value: unknown): value is DomainEventType =>
  (DOMAIN_EVENT_TYPES as readonly unknown[]).includes(value);
