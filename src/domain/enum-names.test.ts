import { describe, expect, it } from 'vitest';
import { API_KEY_SCOPES } from './api-keys';
import { enumNameOf, valueOfEnumName } from './enum-names';
import { EMAIL_KINDS } from './outbox';
import { WEBHOOK_EVENTS } from './webhooks';

describe('enum names of values that are not GraphQL names', () => {
  it.each([
    ['shop.submitted', 'SHOP_SUBMITTED'],
    ['invoice.payment_failed', 'INVOICE_PAYMENT_FAILED'],
    ['action_plan.created', 'ACTION_PLAN_CREATED'],
    ['reporting:read', 'REPORTING_READ'],
    ['shop-sent-to-qa', 'SHOP_SENT_TO_QA'],
  ])('names %s as %s, and finds the value again', (value, name) => {
    expect(enumNameOf(value)).toBe(name);
    expect(valueOfEnumName([...WEBHOOK_EVENTS, ...API_KEY_SCOPES, ...EMAIL_KINDS], name)).toBe(value);
  });

  it('gives each value of a set its own name, each a GraphQL name', () => {
    for (const set of [WEBHOOK_EVENTS, API_KEY_SCOPES, EMAIL_KINDS]) {
      const names = set.map(enumNameOf);
      expect(new Set(names).size).toBe(set.length);
      for (const name of names) expect(name).toMatch(/^[_A-Za-z][_0-9A-Za-z]*$/);
    }
  });

  it('finds no value for a name the set does not have', () => {
    expect(valueOfEnumName(WEBHOOK_EVENTS, 'shop.submitted')).toBeUndefined();
    expect(valueOfEnumName(WEBHOOK_EVENTS, 'ORDER_SHIPPED')).toBeUndefined();
  });
});
