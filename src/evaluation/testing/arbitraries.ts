// fast-check generators of random forms, answers and contexts for the engine's property tests.
import fc from 'fast-check';
import type { EvaluationContext } from '../create-evaluation';
import { COMPARATORS, ELEMENT_TYPES, RULESET_WHEN, SOURCE_FIELDS } from '../form-schema';
import { EvaluationStatus } from '../statuses';

const OPTION_IDS = ['o1', 'o2', 'o3', 'o4'];

const score = fc.oneof(fc.integer({ min: -3, max: 10 }), fc.double({ min: 0, max: 5, noNaN: true }));

const conditionValue = fc.oneof(
  fc.constantFrom(...OPTION_IDS, 'shopper', 'employee', 'proofer', 'NV', 'CA', 'female', 'x'),
  fc.integer({ min: -5, max: 50 }),
);

function ruleset(elementIds: readonly string[]) {
  return fc.record({
    when: fc.constantFrom(...RULESET_WHEN),
    conditions: fc.array(
      fc.record({
        sourceField: fc.constantFrom(...SOURCE_FIELDS),
        sourceRef: fc.constantFrom(...elementIds),
        comparator: fc.constantFrom(...COMPARATORS),
        value: conditionValue,
      }),
      { maxLength: 3 },
    ),
  });
}

const bounds = fc
  .tuple(fc.integer({ min: -20, max: 100 }), fc.integer({ min: 0, max: 100 }))
  .map(([low, width]) => [low, low + width] as const);

function elementJson(localId: string, elementIds: readonly string[]) {
  return fc.record(
    {
      typeId: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom('choice', 'multichoice', 'number', 'timespan') },
        { weight: 2, arbitrary: fc.constantFrom(...ELEMENT_TYPES) },
      ),
      localId: fc.constant(localId),
      prompt: fc.string({ maxLength: 8 }),
      options: fc.uniqueArray(
        fc.record({
          localId: fc.constantFrom(...OPTION_IDS),
          score,
          precludesScoring: fc.oneof(
            { weight: 5, arbitrary: fc.constant(false) },
            { weight: 1, arbitrary: fc.constant(true) },
          ),
        }),
        { selector: (o) => o.localId, minLength: 1, maxLength: 4 },
      ),
      scoreRanges: fc.array(
        bounds.chain(([lowerValue, upperValue]) => score.map((s) => ({ lowerValue, upperValue, score: s }))),
        {
          maxLength: 3,
        },
      ),
      config: fc.record(
        {
          min: fc.constant(0),
          max: fc.integer({ min: 0, max: 100 }),
          maxLength: fc.integer({ min: 5, max: 20 }),
          minLength: fc.integer({ min: 0, max: 5 }),
        },
        { requiredKeys: [] },
      ),
      visible: fc.oneof(
        { weight: 3, arbitrary: fc.constant({ when: 'always', conditions: [] }) },
        { weight: 2, arbitrary: ruleset(elementIds) },
      ),
      required: ruleset(elementIds),
      displayNumber: fc.boolean(),
      editability: fc.constantFrom('all', 'internal', 'employee'),
      reportability: fc.constantFrom('visibility', 'always', 'never'),
    },
    { requiredKeys: ['typeId', 'localId'] },
  );
}

/** Form JSON with 1-4 sections and up to 12 elements whose rulesets refer to any element. */
export const formJson = fc.integer({ min: 1, max: 12 }).chain((count) => {
  const ids = Array.from({ length: count }, (_, i) => `e${i}`);
  return fc
    .tuple(
      fc.tuple(...ids.map((id) => elementJson(id, ids))),
      fc.array(fc.integer({ min: 0, max: count }), { minLength: 0, maxLength: 3 }),
    )
    .map(([elements, cuts]) => {
      const points = [...new Set([0, ...cuts, count])].sort((a, b) => a - b);
      const sections = points.slice(0, -1).map((start, i) => ({
        name: `S${i}`,
        localId: `s${i}`,
        elements: elements.slice(start, points[i + 1]),
      }));
      return { name: 'Random', sections };
    });
});

/** A value of any shape an answer might arrive in, well-formed or not. */
export const answerValue = fc.oneof(
  fc.constantFrom(...OPTION_IDS, 'ghost', '', '  ', '9:05 AM', '09:05', '2024-02-29'),
  fc.subarray(OPTION_IDS),
  fc.integer({ min: -10, max: 120 }),
  fc.double(),
  fc.string({ maxLength: 25 }),
  fc.record({ hours: fc.nat(3), minutes: fc.nat(59), seconds: fc.nat(59) }),
  fc.record({ recordingURL: fc.option(fc.constantFrom('https://r.test/1', ''), { nil: null }) }),
  fc.anything(),
);

function typedAnswer(typeId: string, optionIds: readonly string[]): fc.Arbitrary<unknown> {
  const ids = optionIds.length > 0 ? optionIds : OPTION_IDS;
  switch (typeId) {
    case 'choice':
      return fc.constantFrom(...ids);
    case 'multichoice':
      return fc.subarray([...ids]);
    case 'number':
      return fc.integer({ min: -10, max: 120 });
    case 'time':
      return fc.constantFrom('9:05 AM', '12:30 PM', '09:05', 'later');
    case 'timespan':
      return fc.record({ hours: fc.nat(1), minutes: fc.nat(59), seconds: fc.nat(59) });
    case 'phonerecording':
      return fc.record({ recordingURL: fc.option(fc.constant('https://r.test/1'), { nil: null }) });
    default:
      return fc.string({ maxLength: 25 });
  }
}

type ElementLike = { typeId: string; localId: string; options?: { localId: string }[] };

/** Answers for a form's elements: mostly well-typed, some of any shape, plus an unknown id. */
export function answersFor(json: { sections: { elements: ElementLike[] }[] }) {
  const elements = json.sections.flatMap((s) => s.elements);
  return fc
    .tuple(
      ...elements.map((el) =>
        fc.option(
          fc.oneof(
            {
              weight: 4,
              arbitrary: typedAnswer(
                el.typeId,
                (el.options ?? []).map((o) => o.localId),
              ),
            },
            { weight: 1, arbitrary: answerValue },
          ),
          { nil: undefined, freq: 4 },
        ),
      ),
      fc.option(answerValue, { nil: undefined }),
    )
    .map((values) => {
      const answers: Record<string, unknown> = {};
      elements.forEach((el, i) => {
        if (values[i] !== undefined) answers[el.localId] = values[i];
      });
      if (values[elements.length] !== undefined) answers.ghost = values[elements.length];
      return answers;
    });
}

export const context: fc.Arbitrary<EvaluationContext> = fc.record({
  user: fc.record({
    role: fc.constantFrom('shopper', 'employee', 'proofer'),
    age: fc.option(fc.integer({ min: 16, max: 80 }), { nil: null }),
    gender: fc.option(fc.constantFrom('female', 'male'), { nil: null }),
  }),
  location: fc.option(fc.record({ state: fc.constantFrom('NV', 'CA', 'TX') }), { nil: null }),
  evaluationStatus: fc.constantFrom(
    EvaluationStatus.Started,
    EvaluationStatus.Preview,
    EvaluationStatus.Reviewing,
  ),
});
