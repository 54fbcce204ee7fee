import { describe, expect, it } from 'vitest';
import { createEvaluation } from './create-evaluation';
import { EvaluationStatus } from './statuses';
import { element, form } from './testing/factories';

const f = form([element('a', 'text'), element('src', 'inboundparameter')], [element('b', 'text')]);

describe('createEvaluation', () => {
  it('starts with status Started, not submitted, and the first section current', () => {
    const e = createEvaluation(f, { evaluationId: 'ev-1' });
    expect(e.metadata).toMatchObject({
      evaluationId: 'ev-1',
      evaluationStatus: EvaluationStatus.Started,
      currentSectionId: 's1',
      currentElementId: 'a',
      furthestSectionIndex: 0,
      furthestElementIndex: 0,
      timeSubmitted: null,
    });
    expect(e.submitStatus).toEqual({ submitted: false, inProgress: false, success: false });
    expect(e.answers).toEqual({});
    expect(e.proofingComments).toEqual({});
  });

  it('defaults the user role to shopper', () => {
    expect(createEvaluation(f).user.role).toBe('shopper');
    expect(createEvaluation(f, { user: { role: 'proofer', age: 30 } }).user).toMatchObject({
      role: 'proofer',
      age: 30,
    });
  });

  it('comes refreshed, with a status for every element and section', () => {
    const e = createEvaluation(f);
    expect(Object.keys(e.status.elements)).toEqual(['a', 'src', 'b']);
    expect(Object.keys(e.status.sections)).toEqual(['s1', 's2']);
  });

  it('fills inbound parameters into inboundparameter elements only', () => {
    const e = createEvaluation(f, { inboundParameters: { src: 'qr', a: 'ignored', ghost: 'ignored' } });
    expect(e.answers).toEqual({ src: 'qr' });
  });

  it('starts a form without sections with no current section', () => {
    expect(createEvaluation(form()).metadata.currentSectionId).toBeNull();
  });

  it('keeps the location state for rulesets', () => {
    expect(createEvaluation(f, { location: { state: 'NV' } }).location).toEqual({
      name: null,
      address: null,
      state: 'NV',
    });
  });
});
