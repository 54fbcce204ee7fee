import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { BRAND_TYPES, MSG_BRAND_TYPE } from '../../domain/schemas/brand.js';
import {
  FREQUENCY_PERIODS,
  MSG_FREQUENCY_PERIOD,
  MSG_QUESTIONNAIRE_TYPE,
  QUESTIONNAIRE_TYPES,
} from '../../domain/schemas/common.js';
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
