import { describe, expect, it } from 'vitest';
import { orderFromList, parseOrderNumber, safeReturnUrl, withReturn, ZOrderLookup } from './admin-links';

describe('order lookup', () => {
  it('requires an order number', () => {
    const result = ZOrderLookup.safeParse({ orderNumber: '   ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Order Number is Required.');
  });

  it.each([
    ['10001', 10001],
    [' 10002 ', 10002],
    ['0', null],
    ['12a', null],
    ['-5', null],
    ['99999999999', null],
    ['', null],
  ])('reads %j as order number %j', (text, expected) => {
    expect(parseOrderNumber(text)).toBe(expected);
  });
});

describe('return links', () => {
  it.each([
    ['/admin/orders', '/admin/orders'],
    ['/admin/customers/abc?x=1', '/admin/customers/abc?x=1'],
    ['/admin', null],
    ['/account/dashboard', null],
    ['https://evil.test/admin/', null],
    ['//evil.test/admin/', null],
    ['/admin/\\evil', null],
    ['javascript:alert(1)', null],
    [null, null],
  ])('follows %j only inside the admin area', (url, expected) => {
    expect(safeReturnUrl(url)).toBe(expected);
  });

  it('links an order from the list back to the orders list', () => {
    expect(orderFromList(10001)).toBe(
      '/admin/orders/10001?returnUrl=/admin/orders&returnText=Back%20To%20Orders',
    );
  });

  it('keeps the return values intact through the query string', () => {
    const link = withReturn('/admin/orders/7', {
      returnUrl: '/admin/customers/a&b',
      returnText: 'Back to A & B',
    });
    const params = new URL(link, 'http://x').searchParams;
    expect(params.get('returnUrl')).toBe('/admin/customers/a&b');
    expect(params.get('returnText')).toBe('Back to A & B');
  });
});
