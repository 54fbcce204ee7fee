import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answer, setProofingComment } from './answer';
import { createEvaluation } from './create-evaluation';
import type { Evaluation } from './evaluation-types';
import { nextSection, previousSection } from './navigate-sections';
import { parseForm } from './parse-form';
import { refresh } from './refresh';
import { score } from './score';
import { answersFor, answerValue, context, formJson } from './testing/arbitraries';

/** An evaluation of a random form with random (possibly malformed) stored answers. */
const randomEvaluation = formJson
  .chain((json) => fc.tuple(fc.constant(json), answersFor(json), context))
  .map(([json, answers, ctx]): Evaluation => {
    const parsed = parseForm(json);
    if (!parsed.ok) throw new Error(`generator made an invalid form: ${parsed.error.message}`);
    const started = createEvaluation(parsed.value, ctx);
    return { ...started, answers: answers as Evaluation['answers'] };
  });

const runs = { numRuns: 300 };

describe('engine properties over random forms and answers', () => {
  it('refresh reaches a fixed point', () => {
    fc.assert(
      fc.property(randomEvaluation, (e) => {
        const once = refresh(e);
        expect(refresh(once)).toEqual(once);
      }),
      runs,
    );
  });

  it('hidden elements never hold answers after refresh, except embeds', () => {
    fc.assert(
      fc.property(randomEvaluation, (e) => {
        const refreshed = refresh(e);
        for (const section of refreshed.form.sections) {
          for (const el of section.elements) {
            if (!refreshed.status.elements[el.localId]?.visible && el.typeId !== 'embed') {
              expect(refreshed.answers).not.toHaveProperty(el.localId);
            }
          }
        }
      }),
      runs,
    );
  });

  it('a score never exceeds its possible score and percentages stay in 0-100', () => {
    const inRange = (p: number) => Number.isInteger(p) && p >= 0 && p <= 100;
    fc.assert(
      fc.property(randomEvaluation, (e) => {
        const report = score(e);
        expect(report.score).toBeLessThanOrEqual(report.possibleScore);
        expect(inRange(report.percentageScore)).toBe(true);
        for (const section of report.sections) {
          expect(section.score).toBeLessThanOrEqual(section.possibleScore);
          expect(inRange(section.percentageScore)).toBe(true);
          for (const el of section.elements) {
            expect(el.score).toBeGreaterThanOrEqual(0);
            expect(el.score).toBeLessThanOrEqual(el.possibleScore);
            expect(inRange(el.percentageScore)).toBe(true);
          }
        }
      }),
      runs,
    );
  });

  it('scoring before or after refresh gives the same report', () => {
    fc.assert(
      fc.property(randomEvaluation, (e) => {
        expect(score(refresh(e))).toEqual(score(e));
      }),
      runs,
    );
  });

  it('never throws: any form JSON parses to a form or a typed error', () => {
    fc.assert(
      fc.property(fc.oneof(formJson, fc.anything(), fc.jsonValue()), (json) => {
        const result = parseForm(json);
        if (!result.ok) expect(result.error.code).toMatch(/^[a-z-]+$/);
      }),
      runs,
    );
  });

  it('never throws: any answer to any element gives an evaluation or a typed error naming it', () => {
    fc.assert(
      fc.property(
        randomEvaluation,
        fc.constantFrom('e0', 'e1', 'e5', 'ghost'),
        answerValue,
        (e, id, value) => {
          const result = answer(e, id, value);
          if (!result.ok) expect(result.error.elementId).toBe(id);
          else expect(refresh(result.value)).toEqual(result.value);
          const comment = setProofingComment(e, id, 'note');
          if (!comment.ok) expect(comment.error.elementId).toBe(id);
          score(nextSection(previousSection(e)));
        },
      ),
      runs,
    );
  });

  it('never throws on a stored evaluation with missing parts', () => {
    fc.assert(
      fc.property(randomEvaluation, (e) => {
        const damaged = {
          ...e,
          user: undefined,
          location: undefined,
          answers: undefined,
          proofingComments: undefined,
        };
        const asEvaluation = damaged as unknown as Evaluation;
        refresh(asEvaluation);
        score(asEvaluation);
      }),
      { numRuns: 100 },
    );
  });
});
