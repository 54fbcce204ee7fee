import { describe, expect, it } from 'vitest';
import { reportRecipients } from './report-recipients';

const none = { guestEmail: null, guestAdditionalEmails: '', locationAdditionalEmails: '' };

describe('reportRecipients', () => {
  it("sends the customer the account's link and the location's addresses the shared link", () => {
    expect(
      reportRecipients({
        ...none,
        customer: { email: 'Ann@Example.test', receiveShopComplete: true },
        locationAdditionalEmails: 'manager@x.test, ann@example.test',
      }),
    ).toEqual([
      { to: 'ann@example.test', shared: false },
      { to: 'manager@x.test', shared: true },
    ]);
  });

  it("tells nobody when the customer turned 'shop complete' e-mails off", () => {
    expect(
      reportRecipients({
        ...none,
        customer: { email: 'ann@example.test', receiveShopComplete: false },
        locationAdditionalEmails: 'manager@x.test',
      }),
    ).toEqual([]);
  });

  it("sends a guest order's report to the guest and every report address by the shared link, once each", () => {
    expect(
      reportRecipients({
        customer: null,
        guestEmail: 'gail@example.test',
        guestAdditionalEmails: 'ops@gail.test, GAIL@example.test',
        locationAdditionalEmails: ' ops@gail.test ,front@gail.test',
      }),
    ).toEqual([
      { to: 'gail@example.test', shared: true },
      { to: 'ops@gail.test', shared: true },
      { to: 'front@gail.test', shared: true },
    ]);
  });

  it("ignores a guest order's guest fields on an account's order, and a missing guest e-mail", () => {
    const customer = { email: 'ann@example.test', receiveShopComplete: true };
    expect(reportRecipients({ ...none, customer, guestEmail: 'old@guest.test' })).toEqual([
      { to: 'ann@example.test', shared: false },
    ]);
    expect(reportRecipients({ ...none, customer: null })).toEqual([]);
  });
});

describe('reportRecipients and unsubscribed report addresses', () => {
  it("leaves out a report address that unsubscribed, but never the customer's own", () => {
    expect(
      reportRecipients({
        ...none,
        customer: { email: 'ann@example.test', receiveShopComplete: true },
        locationAdditionalEmails: 'manager@x.test, front@x.test',
        unsubscribed: ['manager@x.test', 'ann@example.test'],
      }),
    ).toEqual([
      { to: 'ann@example.test', shared: false },
      { to: 'front@x.test', shared: true },
    ]);
  });
});
