import { type AnswerValue, answer, type Evaluation } from '../../evaluation';

export type AnswerChange = readonly [elementId: string, value: AnswerValue | null];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What to send to saveEvaluation to bring the saved evaluation to the one on screen, in an order the
 * server's engine accepts. The server applies each answer with `answer` (refusing hidden elements),
 * so: an answer that the page cleared because its element became hidden is not sent (the server
 * clears it the same way), and answers are ordered by replaying them here with the same engine,
 * deferring one whose element is still hidden until the answer that shows it has gone first.
 */
export function answerChanges(saved: Evaluation, target: Evaluation): AnswerChange[] {
  const pending: AnswerChange[] = [];
  for (const section of target.form.sections) {
    for (const { localId: id } of section.elements) {
      const before = saved.answers[id];
      const after = target.answers[id];
      if (same(before, after)) continue;
      if (after !== undefined) pending.push([id, after]);
      else if (target.status.elements[id]?.visible) pending.push([id, null]);
    }
  }
  const ordered: AnswerChange[] = [];
  let current = saved;
  let rest = pending;
  while (rest.length > 0) {
    const deferred: AnswerChange[] = [];
    for (const change of rest) {
      const next = answer(current, change[0], change[1]);
      if (next.ok) {
        current = next.value;
        ordered.push(change);
      } else deferred.push(change);
    }
    // Nothing more goes through: send the rest as they are and let the server name the problem.
    if (deferred.length === rest.length) return [...ordered, ...deferred];
    rest = deferred;
  }
  return ordered;
}
