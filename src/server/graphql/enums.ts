import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import {
  ACTION_PLAN_DISPLAY_STATES,
  ACTION_PLAN_STATES,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  EMAIL_KINDS,
  enumNameOf,
  INVOICE_STATUS_LABELS,
  INVOICE_STATUSES,
  MSG_NOT_A_TEAM_ROLE,
  MSG_OUTBOX_STATUS,
  OUTBOX_STATUSES,
  PAYABLE_LINE_STATUSES,
  PROOF_FLAG_LEVELS,
  TEAM_ROLES,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
} from '../../domain/index.js';
import { BRAND_TYPES, MSG_BRAND_TYPE } from '../../domain/schemas/brand.js';
import {
  FREQUENCY_PERIODS,
  MSG_FREQUENCY_PERIOD,
  MSG_QUESTIONNAIRE_TYPE,
  QUESTIONNAIRE_TYPES,
} from '../../domain/schemas/common.js';
import { EVALUATION_ROLES } from '../../evaluation/index.js';
import type { FieldError } from '../errors.js';
import { builder } from './builder.js';

// The closed sets of values the specs name, as GraphQL enums: a client writes `orders(status: COMPLETE)`
// or passes the value as a variable, and reads the same names back. The values are the specs' own
// spellings; where the database stores another spelling (shop statuses are stored in lower case), the
// enum maps between the two.

export const OrderStatusEnum = builder.enumType('OrderStatus', {
  description: 'CART while the order is being built; COMPLETE once it is placed.',
  values: ['CART', 'COMPLETE'] as const,
});

export type ShopStatus = 'cart' | 'active' | 'complete' | 'historical' | 'original';

export const ShopStatusEnum = builder.enumType('ShopStatus', {
  description: 'A shop line’s status.',
  values: {
    CART: { value: 'cart', description: 'On an order being built.' },
    ACTIVE: { value: 'active', description: 'Placed: a customer’s active shops.' },
    COMPLETE: { value: 'complete' },
    HISTORICAL: { value: 'historical', description: 'Cancelled; kept for the order’s history.' },
    ORIGINAL: { value: 'original' },
  } as const satisfies Record<string, { value: ShopStatus; description?: string }>,
});

export const BrandTypeEnum = builder.enumType('BrandType', {
  description: 'How visitors reach a brand’s storefront.',
  values: BRAND_TYPES,
});

export const QuestionnaireTypeEnum = builder.enumType('QuestionnaireType', { values: QUESTIONNAIRE_TYPES });

export const FrequencyPeriodEnum = builder.enumType('FrequencyPeriod', {
  description: 'How often a recurring shop repeats.',
  values: FREQUENCY_PERIODS,
});

/** What a caller is told when a variable holds a value outside an enum: the spec's words where it has them. */
const ENUM_MESSAGES: Record<string, string> = {
  OrderStatus: 'Status must be CART or COMPLETE.',
  ShopStatus: 'Status must be CART, ACTIVE, COMPLETE, HISTORICAL or ORIGINAL.',
  BrandType: MSG_BRAND_TYPE,
  QuestionnaireType: MSG_QUESTIONNAIRE_TYPE,
  FrequencyPeriod: MSG_FREQUENCY_PERIOD,
};

// The app's other closed sets (issue 41), each from the one place in src/domain (or src/evaluation)
// that defines it. A value that is a GraphQL name is its own enum value, so answers and variables keep
// the spelling they had as strings ('manager', 'overdue'). A value that cannot be a name (a webhook
// event type 'shop.submitted', a scope 'reporting:read', an e-mail kind 'shop-scheduled') is named in
// upper case (SHOP_SUBMITTED) and the enum maps it to the stored value, which webhook payloads and the
// REST API keep sending as before; each such value's description names its wire spelling.

/** 'a, b or c' */
const oneOf = (names: readonly string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');

/** An enum of a domain set whose values are GraphQL names; `field` starts its bad-input message. */
function domainEnum<const V extends string>(
  name: string,
  opts: { values: readonly V[]; field: string; description?: string; message?: string },
) {
  ENUM_MESSAGES[name] = opts.message ?? `${opts.field} must be ${oneOf(opts.values)}.`;
  return builder.enumType(name, { description: opts.description, values: opts.values });
}

/** An enum of a domain set whose values are not all GraphQL names: upper-case names for the values. */
function wireEnum<const V extends string>(
  name: string,
  opts: { values: readonly V[]; field: string; description?: string; describe?: (value: V) => string },
) {
  const values = Object.fromEntries(
    opts.values.map((v) => [
      enumNameOf(v),
      { value: v, description: `${opts.describe ? `${opts.describe(v)} ` : ''}(\`${v}\`)` },
    ]),
  ) as Record<string, { value: V; description: string }>;
  ENUM_MESSAGES[name] = `${opts.field} must be ${oneOf(Object.keys(values))}.`;
  return builder.enumType(name, { description: opts.description, values });
}

export const ActionPlanStateEnum = domainEnum('ActionPlanState', {
  description: 'A plan’s stored state.',
  values: ACTION_PLAN_STATES,
  field: 'State',
});

export const ActionPlanDisplayStateEnum = domainEnum('ActionPlanDisplayState', {
  description: 'A plan’s state, or overdue (not submitted by its due date): what lists count and filter by.',
  values: ACTION_PLAN_DISPLAY_STATES,
  field: 'State',
});

export const PayableStatusEnum = domainEnum('PayableStatus', {
  description: 'pending until the line is in a payout batch, then paid.',
  values: PAYABLE_LINE_STATUSES,
  field: 'Status',
});

export const InvoiceStatusEnum = builder.enumType('InvoiceStatus', {
  description: 'PAID if paid; PAYMENT_ERROR if a charge was tried and failed; UNPAID otherwise.',
  values: Object.fromEntries(
    INVOICE_STATUSES.map((s) => [s, { value: s, description: `'${INVOICE_STATUS_LABELS[s]}'` }]),
  ) as Record<
    (typeof INVOICE_STATUSES)[number],
    { value: (typeof INVOICE_STATUSES)[number]; description: string }
  >,
});

export const OutboxStatusEnum = domainEnum('OutboxStatus', {
  description:
    'pending (waiting for its first or next try), sent (the mail server accepted it), failed (gave up), kept (no SMTP server: the outbox is where it goes)',
  values: OUTBOX_STATUSES,
  field: 'Status',
  message: MSG_OUTBOX_STATUS,
});

export const EmailKindEnum = wireEnum('EmailKind', {
  description: 'What an outbox message is; OTHER: a kind this version does not know.',
  values: [...EMAIL_KINDS, 'other'] as const,
  field: 'Kind',
});

export const WebhookDeliveryStatusEnum = domainEnum('WebhookDeliveryStatus', {
  values: WEBHOOK_DELIVERY_STATUSES,
  field: 'Status',
});

export const WebhookEventEnum = wireEnum('WebhookEvent', {
  description: 'An event an endpoint can subscribe to; payloads carry its type as in brackets.',
  values: WEBHOOK_EVENTS,
  field: 'Event',
  describe: (v) => `${WEBHOOK_EVENT_LABELS[v]}.`,
});

export const ApiKeyScopeEnum = wireEnum('ApiKeyScope', {
  description: 'What an API key may do.',
  values: API_KEY_SCOPES,
  field: 'Scope',
  describe: (v) => `${API_KEY_SCOPE_LABELS[v].description}`,
});

export const TeamRoleEnum = domainEnum('TeamRole', {
  description:
    'owner: everything; admin: everything but the card and ownership; manager: reports of their locations.',
  values: TEAM_ROLES,
  field: 'Role',
  message: MSG_NOT_A_TEAM_ROLE,
});

export const ProofFlagLevelEnum = domainEnum('ProofFlagLevel', {
  description: 'flag: QA must look; note: for information.',
  values: PROOF_FLAG_LEVELS,
  field: 'Level',
});

export const EvaluationRoleEnum = domainEnum('EvaluationRole', {
  description: 'A user’s evaluation role (admin-and-evaluation 6).',
  values: EVALUATION_ROLES,
  field: 'Role',
});

// graphql-js: 'Variable "$input" got invalid value "year" at "input.frequencyPeriod"; Value "year" does
// not exist in "FrequencyPeriod" enum.' (the `at` part is absent when the variable itself is the enum).
const BAD_ENUM_VARIABLE =
  /^Variable "\$(\w+)" got invalid value .*?(?: at "([\w.[\]]+)")?; Value ".*" does not exist in "(\w+)" enum/s;

/** An enum variable's refusal as the app's other bad input: BAD_USER_INPUT naming the field, in words. */
export function enumInputError(error: GraphQLError): GraphQLError {
  const m = BAD_ENUM_VARIABLE.exec(error.message);
  const message = m && ENUM_MESSAGES[m[3]!];
  if (!m || !message) return error;
  const field = (m[2] ?? m[1]!)
    .replace(/\[\d+\]/g, '')
    .split('.')
    .pop()!;
  const fields: FieldError[] = [{ field, message }];
  return new GraphQLError(message, {
    nodes: error.nodes,
    extensions: { code: 'BAD_USER_INPUT', fields, field },
  });
}

/** Rewrites the refusals of enum variables (they happen before any resolver, so no use case sees them). */
export const enumInputErrors: Plugin = {
  onExecute: () => ({
    onExecuteDone: ({ result, setResult }) => {
      if (!('errors' in result) || !result.errors?.length || result.data) return;
      setResult({ ...result, errors: result.errors.map(enumInputError) });
    },
  }),
};
