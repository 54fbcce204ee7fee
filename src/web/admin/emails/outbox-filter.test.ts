import { describe, expect, it } from 'vitest';
import { kindText, messageCount, outboxParams, readOutboxFilter, STATUS_CHOICES } from './outbox-filter';

describe('the outbox filter in the address', () => {
  it.each([
    ['', { status: null, to: '' }],
    ['status=failed&to=ann', { status: 'failed', to: 'ann' }],
    ['status=kept&to=%20Bob%20', { status: 'kept', to: 'Bob' }],
    ['status=all', { status: null, to: '' }],
    ['status=SENT', { status: null, to: '' }],
    ['status=%3Cscript%3E', { status: null, to: '' }],
  ])('reads ?%s as %j', (query, filter) => {
    expect(readOutboxFilter(new URLSearchParams(query))).toEqual(filter);
  });

  it('writes the filter back, leaving out what is not set', () => {
    expect(outboxParams({ status: 'failed', to: ' ann ' }).toString()).toBe('status=failed&to=ann');
    expect(outboxParams({ status: null, to: '' }).toString()).toBe('');
  });

  it('offers All and each status, in order', () => {
    expect(STATUS_CHOICES.map((c) => c.label)).toEqual([
      'All',
      'Pending',
      'Sent',
      'Failed',
      'Kept in outbox',
    ]);
  });

  it('counts messages in words', () => {
    expect([messageCount(0), messageCount(1), messageCount(1234)]).toEqual([
      '0 messages',
      '1 message',
      '1,234 messages',
    ]);
  });
});

describe('kindText', () => {
  it("shows a message's kind as the outbox stores it, and OTHER as other", () => {
    expect(['SHOP_SENT_TO_QA', 'RESET_PASSWORD', 'OTHER'].map(kindText)).toEqual([
      'shop-sent-to-qa',
      'reset-password',
      'other',
    ]);
  });
});
