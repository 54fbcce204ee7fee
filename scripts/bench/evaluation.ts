// Benchmark of the evaluation engine: refresh + score of a 200-element form with 30 rulesets.
// Run: npx tsx scripts/bench/evaluation.ts   (the target is under 1 ms per refresh + score)
import { performance } from 'node:perf_hooks';
import {
  createEvaluation,
  type Evaluation,
  type FormInput,
  parseForm,
  refresh,
  score,
} from '../../src/evaluation/index';

const ITERATIONS = 10_000;
const ELEMENTS = 200;
const SECTIONS = 10;
const TYPES = [
  'choice',
  'choice',
  'multichoice',
  'number',
  'text',
  'narrative',
  'timespan',
  'date',
  'time',
  'remark',
] as const;

type ElementJson = NonNullable<NonNullable<FormInput['sections']>[number]['elements']>[number];

function buildFormJson(): FormInput {
  const elements: ElementJson[] = [];
  let rulesets = 0;
  for (let i = 0; i < ELEMENTS; i++) {
    const typeId = TYPES[i % TYPES.length]!;
    const el: ElementJson = { typeId, localId: `e${i}`, prompt: `Question ${i}` };
    if (typeId === 'choice' || typeId === 'multichoice') {
      el.options = [
        { localId: 'yes', prompt: 'Yes', score: 5 },
        { localId: 'partly', prompt: 'Partly', score: 2 },
        { localId: 'no', prompt: 'No', score: 0 },
        { localId: 'na', prompt: 'N/A', score: 0, precludesScoring: true },
      ];
    }
    if (typeId === 'number') el.config = { min: 0, max: 100 };
    if (typeId === 'number' || typeId === 'timespan') {
      el.scoreRanges = [
        { lowerValue: 0, upperValue: 60, score: 10 },
        { lowerValue: 61, upperValue: 300, score: 5 },
      ];
    }
    if (typeId === 'text' || typeId === 'narrative') el.config = { maxLength: 500, minLength: 2 };
    // 30 rulesets on later elements, each reading an earlier choice (20 visible, 10 required).
    if (i >= 10 && typeId !== 'choice' && rulesets < 30) {
      const source = `e${i - (i % 10)}`; // the section's first element, a choice
      const condition = {
        sourceField: 'question-option' as const,
        sourceRef: source,
        comparator: 'neq' as const,
        value: 'no',
      };
      if (rulesets % 3 === 2) el.required = { when: 'when-any', conditions: [condition] };
      else
        el.visible = {
          when: 'when-all',
          conditions: [condition, { sourceField: 'shopper-role', comparator: 'eq', value: 'shopper' }],
        };
      rulesets++;
    } else if (typeId !== 'remark') {
      el.required = { when: 'always', conditions: [] };
    }
    elements.push(el);
  }
  const perSection = ELEMENTS / SECTIONS;
  return {
    name: 'Benchmark form',
    sections: Array.from({ length: SECTIONS }, (_, s) => ({
      name: `Section ${s + 1}`,
      localId: `s${s}`,
      elements: elements.slice(s * perSection, (s + 1) * perSection),
    })),
  };
}

function answerFor(typeId: string, i: number): unknown {
  switch (typeId) {
    case 'choice':
      return i % 30 === 0 ? 'no' : 'yes'; // 'no' hides the section's dependent elements
    case 'multichoice':
      return ['yes', 'partly'];
    case 'number':
      return i % 120;
    case 'timespan':
      return { hours: 0, minutes: i % 7, seconds: 30 };
    case 'date':
      return '2024-05-01';
    case 'time':
      return '9:05 AM';
    case 'remark':
      return undefined;
    default:
      return `Answer to question ${i}`;
  }
}

const parsed = parseForm(buildFormJson());
if (!parsed.ok) throw parsed.error;
const form = parsed.value;
const started = createEvaluation(form, { user: { role: 'shopper' }, location: { state: 'NV' } });
const answers: Record<string, unknown> = {};
form.sections
  .flatMap((s) => s.elements)
  .forEach((el, i) => {
    const value = answerFor(el.typeId, i);
    if (value !== undefined) answers[el.localId] = value;
  });
const evaluation = { ...started, answers } as Evaluation;

const elementCount = form.sections.reduce((n, s) => n + s.elements.length, 0);
const rulesetCount = form.sections
  .flatMap((s) => s.elements)
  .filter(
    (e) => e.visible.when !== 'always' || (e.required.when !== 'never' && e.required.when !== 'always'),
  ).length;

// Warm-up so the JIT has compiled the hot paths before timing.
for (let i = 0; i < 500; i++) score(refresh(evaluation));

let checksum = 0;
const start = performance.now();
for (let i = 0; i < ITERATIONS; i++) {
  const refreshed = refresh(evaluation);
  checksum += score(refreshed).score + refreshed.status.completion.available;
}
const elapsed = performance.now() - start;

// The same with a new form object each time (as when a server parses the form per request):
// the element index is rebuilt, form parsing itself excluded.
const COLD = 2_000;
const forms = Array.from({ length: COLD }, () => structuredClone(form));
const coldStart = performance.now();
for (const f of forms) checksum += score(refresh({ ...evaluation, form: f })).score;
const coldElapsed = performance.now() - coldStart;

const meanMs = elapsed / ITERATIONS;
const report = score(refresh(evaluation));
console.log(`form: ${elementCount} elements, ${rulesetCount} rulesets, ${form.sections.length} sections`);
console.log(
  `report: ${report.score}/${report.possibleScore} (${report.percentageScore}%), checksum ${checksum}`,
);
console.log(`refresh + score x ${ITERATIONS}: ${elapsed.toFixed(0)} ms`);
console.log(`evaluations per second: ${Math.round(ITERATIONS / (elapsed / 1000))}`);
console.log(
  `mean per refresh + score: ${meanMs.toFixed(3)} ms ${meanMs < 1 ? '(under 1 ms: OK)' : '(OVER 1 ms)'}`,
);
console.log(`mean with a new form object each time: ${(coldElapsed / COLD).toFixed(3)} ms`);
