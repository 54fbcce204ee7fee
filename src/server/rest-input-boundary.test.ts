import { beforeEach, describe, expect, it } from 'vitest';
import { createBrand, setupTestApp } from './test/harness.js';

const t = setupTestApp();

beforeEach(async () => {
  await t.resetDb();
  await createBrand(t.db, { shortName: 'default', isDefault: true });
});

const get = (url: string) => t.inject({ method: 'GET', url });

describe('the REST input boundary', () => {
  it.each([
    [
      'a NUL in the reporting API',
      '/api/programs?userMakingRequest=a%00b&client=c&signature=x',
      'userMakingRequest',
    ],
    [
      'the reporting API, a later parameter',
      '/api/shops?userMakingRequest=a&client=c%1Bd&signature=x',
      'client',
    ],
    ['a NUL in an export link', '/admin/export/customers?token=a%00', 'token'],
    ['a NUL in a survey QR code', '/survey/abc%00/qr.png', 'code'],
    ['a NUL in an upload signature', '/s3/sign?fileName=a%00.pdf&contentType=application/pdf', 'fileName'],
    ['a line break in a parameter', '/api/programs?userMakingRequest=a%0Ab&client=c', 'userMakingRequest'],
  ])('refuses %s with 400 naming the parameter', async (_name, url, field) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field });
    expect(res.json().error).toMatch(new RegExp(`^${field} `));
  });

  it('refuses an over-long parameter and too many parameters', async () => {
    const long = await get(`/api/programs?userMakingRequest=${'a'.repeat(2001)}&client=c`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      error: 'userMakingRequest cannot exceed 2000 characters.',
      field: 'userMakingRequest',
    });
    const many = Array.from({ length: 51 }, (_, i) => `p${i}=1`).join('&');
    const res = await get(`/api/programs?${many}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('At most 50 query parameters are allowed.');
  });

  it('lets ordinary parameters through to the route', async () => {
    // Unsigned: the route itself answers, so the boundary let it pass.
    const res = await get('/api/programs?userMakingRequest=someone&client=someone&signature=bad');
    expect(res.statusCode).toBe(401);
    expect((await get('/survey/unknown-code/qr.png')).statusCode).toBe(404);
  });
});
