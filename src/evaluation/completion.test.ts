import { describe, expect, it } from 'vitest';
import { setProofingComment } from './answer';
import { element, evaluation, form, options, REQUIRED } from './testing/factories';

const f = form(
  [
    element('intro', 'remark'),
    element('name', 'text', { required: REQUIRED, config: { minLength: 3 } }),
    element('greeted', 'choice', { required: REQUIRED, options: options(['yes', 1], ['no', 0]) }),
    element('extra', 'text'),
    element('hidden', 'text', { required: REQUIRED, visible: { when: 'never', conditions: [] } }),
  ],
  [element('wait', 'number', { required: REQUIRED, config: { min: 0, max: 60 } })],
);

describe('completion summary', () => {
  it('counts visible non-remark elements as available', () => {
    expect(evaluation(f).status.completion.available).toBe(4);
  });

  it('is In Progress while a required visible element in an untouched section is unanswered', () => {
    const c = evaluation(f, { name: 'Ann', greeted: 'yes' }).status.completion;
    expect(c).toMatchObject({
      incomplete: 1,
      invalid: 0,
      description: 'In Progress',
      icon: 'empty-circle',
      tone: 'info',
    });
  });

  it('counts a missing required answer in a collected section as invalid: Corrections Needed', () => {
    const c = evaluation(f, { name: 'Ann' }).status.completion;
    expect(c).toMatchObject({ incomplete: 2, invalid: 1, completed: 2, description: 'Corrections Needed' });
  });

  it('counts an element as completed when populated or not required', () => {
    expect(evaluation(f, { name: 'Ann', greeted: 'yes' }).status.completion.completed).toBe(3);
  });

  it('counts a message as invalid only once its section is collected', () => {
    const untouched = evaluation(f).status.completion;
    expect(untouched.invalid).toBe(0);
    expect(untouched.description).toBe('In Progress');
    const started = evaluation(f, { extra: 'hi' }).status.completion;
    expect(started.invalid).toBe(2);
    expect(started).toMatchObject({ description: 'Corrections Needed', icon: 'error', tone: 'danger' });
  });

  it('says Corrections Needed for an invalid answer even when nothing is missing', () => {
    const c = evaluation(f, { name: 'Al', greeted: 'yes', wait: 5 }).status.completion;
    expect(c).toMatchObject({ invalid: 1, incomplete: 0, description: 'Corrections Needed' });
  });

  it('says Ready to Submit when nothing is invalid or missing', () => {
    const c = evaluation(f, { name: 'Ann', greeted: 'yes', wait: 5 }).status.completion;
    expect(c).toEqual({
      incomplete: 0,
      invalid: 0,
      available: 4,
      validated: 4,
      completed: 4,
      commented: 0,
      description: 'Ready to Submit',
      icon: 'check',
      tone: 'success',
    });
  });

  it('counts validated elements as completed and not invalid', () => {
    expect(evaluation(f, { name: 'Al', greeted: 'yes', wait: 5 }).status.completion.validated).toBe(3);
  });

  it('counts elements with a proofing comment as commented', () => {
    const e = evaluation(f, { name: 'Ann' }, { user: { role: 'proofer' } });
    const commented = setProofingComment(e, 'name', 'Spell out the full name.');
    expect(commented.ok && commented.value.status.completion.commented).toBe(1);
  });
});
