import { type CompletionSummary, EvaluationStatus } from '../../evaluation';

/**
 * The completion the shopper reads above the sections. The engine says 'Corrections Needed' as soon
 * as a visited section has a required question unanswered (or an answer out of bounds); in a first
 * fill-in that is work still to do, so it reads 'In Progress' (the questions keep their own messages
 * and the count "to correct"). The red 'Corrections Needed' is for an evaluation QA returned.
 */
export function shopperCompletion(completion: CompletionSummary, status: number): CompletionSummary {
  if (completion.description !== 'Corrections Needed' || status === EvaluationStatus.Rejected)
    return completion;
  return { ...completion, description: 'In Progress', icon: 'empty-circle', tone: 'info' };
}
