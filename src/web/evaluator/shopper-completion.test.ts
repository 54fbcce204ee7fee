import { describe, expect, it } from 'vitest';
import { type CompletionSummary, EvaluationStatus } from '../../evaluation';
import { shopperCompletion } from './shopper-completion';

const needsCorrections: CompletionSummary = {
  incomplete: 2,
  invalid: 1,
  available: 5,
  validated: 2,
  completed: 3,
  commented: 0,
  description: 'Corrections Needed',
  icon: 'error',
  tone: 'danger',
};

describe('shopperCompletion', () => {
  it('reads a first fill-in with unanswered required questions as In Progress, keeping its counts', () => {
    expect(shopperCompletion(needsCorrections, EvaluationStatus.Started)).toEqual({
      ...needsCorrections,
      description: 'In Progress',
      icon: 'empty-circle',
      tone: 'info',
    });
    expect(shopperCompletion(needsCorrections, EvaluationStatus.Pending).description).toBe('In Progress');
  });

  it('keeps Corrections Needed for an evaluation QA returned', () => {
    expect(shopperCompletion(needsCorrections, EvaluationStatus.Rejected)).toBe(needsCorrections);
  });

  it('leaves In Progress and Ready to Submit as they are', () => {
    const ready: CompletionSummary = {
      ...needsCorrections,
      invalid: 0,
      incomplete: 0,
      description: 'Ready to Submit',
      icon: 'check',
      tone: 'success',
    };
    expect(shopperCompletion(ready, EvaluationStatus.Started)).toBe(ready);
  });
});
