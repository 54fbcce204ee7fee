import { describe, expect, it } from 'vitest';
import { MSG_ACTION_REQUIRED, MSG_DUE_DATE_REQUIRED, MSG_RESPONSIBLE_REQUIRED } from '../../domain';
import { draftsOf, itemErrorsOf, itemsInput, missingItems, planPercent, plansCsv } from './plan-rules';

describe('itemErrorsOf', () => {
  it("puts the server's item errors by question and field, and keeps the rest apart", () => {
    expect(
      itemErrorsOf({
        'items.1.action': MSG_ACTION_REQUIRED,
        'items.0.dueDate': 'Due date must be a date (YYYY-MM-DD).',
        note: 'Note is required: say what more is needed.',
      }),
    ).toEqual({
      items: { 1: { action: MSG_ACTION_REQUIRED }, 0: { dueDate: 'Due date must be a date (YYYY-MM-DD).' } },
      other: ['Note is required: say what more is needed.'],
    });
  });
});

describe('missingItems', () => {
  it('names every missing field of every incomplete question, with the domain texts', () => {
    const drafts = draftsOf([
      { elementId: 'a', action: 'Greet', responsible: 'Dana', dueDate: '2030-01-01' },
      { elementId: 'b', action: ' ', responsible: '', dueDate: null },
      { elementId: 'c', action: 'Wipe', responsible: '', dueDate: '2030-01-01' },
      { elementId: 'd', action: 'Wipe', responsible: 'Lee', dueDate: null },
    ]);
    expect(missingItems(drafts)).toEqual({
      1: {
        action: MSG_ACTION_REQUIRED,
        responsible: MSG_RESPONSIBLE_REQUIRED,
        dueDate: MSG_DUE_DATE_REQUIRED,
      },
      2: { responsible: MSG_RESPONSIBLE_REQUIRED },
      3: { dueDate: MSG_DUE_DATE_REQUIRED },
    });
  });

  it('sends an empty due date as null', () => {
    expect(itemsInput([{ elementId: 'a', action: '', responsible: '', dueDate: '' }])).toEqual([
      { elementId: 'a', action: '', responsible: '', dueDate: null },
    ]);
  });

  it('sends a photo only when it changed: its new key, or null to remove it', () => {
    const base = { elementId: 'a', action: 'x', responsible: 'y', dueDate: '2030-01-01' };
    expect(itemsInput([base])[0]).not.toHaveProperty('photoKey');
    expect(
      itemsInput([
        { ...base, photo: { key: 'actionPlans/p/k_a.png', url: '/s3/uploads/k', name: 'a.png' } },
      ])[0],
    ).toEqual({
      ...base,
      photoKey: 'actionPlans/p/k_a.png',
    });
    expect(itemsInput([{ ...base, photo: null }])[0]).toEqual({ ...base, photoKey: null });
  });
});

describe('plansCsv', () => {
  it('lists the plans as the table shows them, quoting what needs it', () => {
    const csv = plansCsv([
      {
        locationName: 'Deep Ellum, Dallas',
        regionName: null,
        programName: 'Dine-In Experience',
        shopDate: '2025-03-04',
        percentage: 61.5,
        stateLabel: 'Overdue',
        dueDate: '2025-03-11',
        followUpPercentage: null,
        questionCount: 3,
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Location,Region,Program,Shop Date,Score,State,Due Date,Follow-up Score,Questions',
      '"Deep Ellum, Dallas",,Dine-In Experience,03/04/2025,62%,Overdue,03/11/2025,,3',
    ]);
    expect(planPercent(null)).toBe('');
  });
});
