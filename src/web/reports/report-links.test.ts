import { describe, expect, it } from 'vitest';
import {
  allShopsPath,
  programReportPath,
  qrPath,
  shopReportLink,
  shopsByProgramPath,
  surveysByProgramPath,
} from './report-links';

const own = { clientId: null, admin: false };
const admin = { clientId: 'cust1', admin: true };

describe('report links', () => {
  it('links a program to its shops, or to its surveys for a survey program', () => {
    expect(programReportPath(own, { programId: 'p1', programType: 'shop' })).toBe(
      '/account/reports/shopsbyprogram/p1',
    );
    expect(programReportPath(own, { programId: 'p2', programType: 'customerSurvey' })).toBe(
      '/account/reports/surveysbyprogram/p2',
    );
  });

  it('carries the customer id in admin mode', () => {
    expect(shopsByProgramPath(admin, 'p1')).toBe('/admin/reports/shopsbyprogram/p1/cust1');
    expect(surveysByProgramPath(admin, 'p1')).toBe('/admin/reports/surveysbyprogram/p1/cust1');
    expect(qrPath(admin, 'p1', 'abc')).toBe('/account/reports/qr/p1/abc/cust1');
    expect(qrPath(own, 'p1', 'abc')).toBe('/account/reports/qr/p1/abc');
    expect(allShopsPath(admin)).toBe('/admin/reports/cust1');
    expect(allShopsPath(own)).toBe('/account/reports/mystery-shops');
  });

  it.each([
    ['Delivered', '/account/reports/shop/e1', '/account/reports/shop/e1'],
    ['Delivered', null, null],
    ['InProgress', '/account/reports/shop/e1', null],
    ['Open', null, null],
  ])('shows a report link for status %s and link %s: %s', (status, reportLink, expected) => {
    expect(shopReportLink({ status, reportLink })).toBe(expected);
  });
});
