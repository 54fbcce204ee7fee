import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors, firstError } from './field-errors';

const Schema = z.object({
  profile: z.object({ firstName: z.string().min(1, { error: 'First Name is required.' }) }),
  questions: z.array(z.object({ type: z.string().min(1, { error: 'Type is required.' }) })),
});

describe('fieldErrors', () => {
  it('names each field by its dotted path, in the order the schema found them', () => {
    const result = Schema.safeParse({ profile: { firstName: '' }, questions: [{ type: 'x' }, { type: '' }] });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual([
      { field: 'profile.firstName', message: 'First Name is required.' },
      { field: 'questions.1.type', message: 'Type is required.' },
    ]);
    expect(firstError(result.error)).toEqual({
      field: 'profile.firstName',
      message: 'First Name is required.',
    });
  });

  it("gives a whole-form problem the field '' and drops exact repeats", () => {
    const issues = [
      { path: [], message: 'All locations must have a Location Name' },
      { path: [], message: 'All locations must have a Location Name' },
    ];
    expect(fieldErrors({ issues })).toEqual([
      { field: '', message: 'All locations must have a Location Name' },
    ]);
  });

  it('returns null from firstError when there is no issue', () => {
    expect(firstError({ issues: [] })).toBeNull();
  });
});
