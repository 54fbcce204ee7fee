import { describe, expect, it } from 'vitest';
import { accessText, accountMenu, mayOpen } from './team-rules';

const labels = (role: Parameters<typeof accountMenu>[0]) => accountMenu(role).map((l) => l.label);

describe('accountMenu', () => {
  it('shows the owner every page, the Team, API Keys and Scheduled Reports pages included', () => {
    expect(labels('owner')).toEqual([
      'Dashboard',
      'Account Information',
      'History / Reorder',
      'Recurring Orders',
      'Location Management',
      'Team',
      'Webhooks',
      'API Keys',
      'Scheduled Reports',
      'Program Reports',
      'Action Plans',
      'Alerts & Benchmarks',
      'Communication Preferences',
      'Security',
      'Audit Log',
    ]);
  });

  it('shows an admin the same pages as the owner but API Keys (a key reads the whole account) and Scheduled Reports (the owner chooses who gets the account’s figures)', () => {
    expect(labels('admin')).toEqual(
      labels('owner').filter((l) => l !== 'API Keys' && l !== 'Scheduled Reports'),
    );
  });

  it('keeps a manager to reports and their own preferences: no ordering, billing, settings or team', () => {
    expect(labels('manager')).toEqual([
      'Dashboard',
      'Program Reports',
      'Action Plans',
      'Communication Preferences',
      'Security',
    ]);
  });

  it('shows a login taken off its team nothing', () => {
    expect(labels(null)).toEqual([]);
  });
});

describe('mayOpen', () => {
  it.each([
    ['owner', '/account/info', true],
    ['admin', '/account/team', true],
    ['owner', '/account/api-keys', true],
    ['admin', '/account/api-keys', false],
    ['manager', '/account/api-keys', false],
    ['admin', '/account/invoices/in_1', true],
    ['manager', '/account/dashboard', true],
    ['manager', '/account/reports/programs', true],
    ['manager', '/account/reports/shop/e1', true],
    ['manager', '/account/preferences', true],
    ['manager', '/account/action-plans', true],
    ['manager', '/account/action-plans/p1', true],
    ['manager', '/account/info', false],
    ['manager', '/account/order-history', false],
    ['manager', '/account/active-shops', false],
    ['manager', '/account/shops', false],
    ['manager', '/account/locations', false],
    ['manager', '/account/team', false],
    ['manager', '/account/orders/1001', false],
    ['manager', '/account/invoices/in_1', false],
    [null, '/account/dashboard', false],
    [null, '/account/preferences', false],
  ] as const)('%s at %s: %s', (role, path, allowed) => {
    expect(mayOpen(role, path)).toBe(allowed);
  });
});

describe('accessText', () => {
  const regions = [
    { _id: 'r1', name: 'North' },
    { _id: 'r2', name: 'South' },
  ];
  const locations = [{ _id: 'l1', name: 'Downtown' }];

  it('says owners and admins see all locations', () => {
    expect(accessText({ role: 'admin', regionIds: [], locationIds: [] }, regions, locations)).toBe(
      'All locations',
    );
  });

  it("names a manager's regions and single locations, skipping ones since deleted", () => {
    expect(
      accessText({ role: 'manager', regionIds: ['r2', 'gone'], locationIds: ['l1'] }, regions, locations),
    ).toBe('Regions: South; Locations: Downtown');
    expect(accessText({ role: 'manager', regionIds: ['r1'], locationIds: [] }, regions, locations)).toBe(
      'Regions: North',
    );
  });

  it('says when a manager has nothing yet', () => {
    expect(accessText({ role: 'manager', regionIds: [], locationIds: [] }, regions, locations)).toBe(
      'No locations yet',
    );
  });
});
