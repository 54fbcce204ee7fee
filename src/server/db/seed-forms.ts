import { inArray, isNull } from 'drizzle-orm';
import type { FormInput } from '../../evaluation/index.js';
import { catalogueChanged } from '../catalogue/published-industries.js';
import { createForm, publishForm, saveFormDraft } from '../forms/index.js';
import type { Db } from './client.js';
import { questionnaires } from './schema.js';

// The demo's forms: a visit form for in-person mystery shops, a call form for phone shops and a
// guest survey with an NPS question. Each is published as version 1 and linked to the demo
// questionnaires of its kind. Ids are readable so the builder's debug mode is easy to follow.

type Section = NonNullable<FormInput['sections']>[number];
type Element = NonNullable<Section['elements']>[number];
type Ruleset = NonNullable<Element['visible']>;

const REQUIRED: Ruleset = { when: 'always', conditions: [] };

/** Shown (or required) when the choice question `ref` has option `optionId` selected. */
const whenChosen = (ref: string, optionId: string): Ruleset => ({
  when: 'when-all',
  conditions: [{ sourceField: 'question-option', sourceRef: ref, comparator: 'eq', value: optionId }],
});

/** Shown when the number answered to `ref` compares to `value`. */
const whenNumber = (ref: string, comparator: 'lte' | 'gte', value: number): Ruleset => ({
  when: 'when-all',
  conditions: [{ sourceField: 'question-option', sourceRef: ref, comparator, value }],
});

const options = (...list: [id: string, prompt: string, score: number, na?: boolean][]) =>
  list.map(([localId, prompt, score, precludesScoring]) => ({
    localId,
    prompt,
    score,
    precludesScoring: precludesScoring ?? false,
  }));

const yesNo = (points: number) => options(['yes', 'Yes', points], ['no', 'No', 0]);

const choice = (localId: string, prompt: string, opts: Element['options'], extra: Partial<Element> = {}) =>
  ({ localId, typeId: 'choice', prompt, options: opts, required: REQUIRED, ...extra }) satisfies Element;

const remark = (localId: string, content: string): Element => ({
  localId,
  typeId: 'remark',
  prompt: '',
  config: { content },
});

const visitDetails = (what: 'visit' | 'call'): Element[] => [
  { localId: `${what}-date`, typeId: 'date', prompt: `Date of ${what}`, required: REQUIRED },
  {
    localId: `${what}-time`,
    typeId: 'time',
    prompt: what === 'visit' ? 'Time you arrived' : 'Time of the call',
    required: REQUIRED,
  },
];

export const VISIT_FORM: FormInput = {
  name: 'Mystery Shop: Store Visit',
  sections: [
    {
      localId: 'arrival',
      name: 'Arrival and Greeting',
      elements: [
        remark(
          'arrival-note',
          'Note the time as you walk in. Do not reveal that you are a mystery shopper at any point.',
        ),
        ...visitDetails('visit'),
        choice('greeted', 'Were you greeted within 30 seconds of entering?', yesNo(10)),
        choice(
          'greeting-quality',
          'How would you describe the greeting?',
          options(['warm', 'Warm and personal', 10], ['polite', 'Polite', 7], ['flat', 'Flat or rushed', 2]),
          { visible: whenChosen('greeted', 'yes') },
        ),
        {
          localId: 'not-greeted',
          typeId: 'narrative',
          prompt: 'What were the employees doing when you were not greeted?',
          visible: whenChosen('greeted', 'no'),
          required: REQUIRED,
          config: { minLength: 20, maxLength: 1000 },
        },
        {
          localId: 'greeter',
          typeId: 'text',
          prompt: 'Name or description of the employee who helped you',
          required: REQUIRED,
          config: { maxLength: 120 },
        },
        {
          localId: 'wait-time',
          typeId: 'timespan',
          prompt: 'How long did you wait before someone helped you?',
          required: REQUIRED,
          // Seconds: up to 2 minutes is full marks, up to 5 minutes half, longer nothing.
          scoreRanges: [
            { localId: 'fast', lowerValue: 0, upperValue: 120, score: 10 },
            { localId: 'ok', lowerValue: 121, upperValue: 300, score: 5 },
            { localId: 'slow', lowerValue: 301, upperValue: 86_400, score: 0 },
          ],
        },
      ],
    },
    {
      localId: 'cleanliness',
      name: 'Cleanliness',
      elements: [
        choice('entrance-clean', 'Was the entrance clean and free of litter?', yesNo(5)),
        choice('floor-clean', 'Were the floors and counters clean?', yesNo(5)),
        choice(
          'restroom-clean',
          'Were the restrooms clean and stocked?',
          options(['yes', 'Yes', 5], ['no', 'No', 0], ['na', 'Did not visit the restroom', 0, true]),
        ),
        {
          localId: 'attention-areas',
          typeId: 'multichoice',
          prompt: 'Which areas needed attention?',
          visible: {
            when: 'when-any',
            conditions: [
              { sourceField: 'question-option', sourceRef: 'entrance-clean', comparator: 'eq', value: 'no' },
              { sourceField: 'question-option', sourceRef: 'floor-clean', comparator: 'eq', value: 'no' },
              { sourceField: 'question-option', sourceRef: 'restroom-clean', comparator: 'eq', value: 'no' },
            ],
          },
          required: REQUIRED,
          options: options(
            ['entrance', 'Entrance and windows', 0],
            ['floors', 'Floors', 0],
            ['counters', 'Counters and tables', 0],
            ['restrooms', 'Restrooms', 0],
            ['trash', 'Trash bins', 0],
          ),
        },
        {
          localId: 'storefront-photo',
          typeId: 'imageupload',
          prompt: 'Upload a photo of the storefront taken from the parking lot',
          required: REQUIRED,
        },
      ],
    },
    {
      localId: 'service',
      name: 'Product Knowledge and Upsell',
      elements: [
        choice(
          'answered-accurately',
          'Did the employee answer your questions about the products accurately?',
          options(['yes', 'Yes, confidently', 10], ['partly', 'Partly', 5], ['no', 'No', 0]),
        ),
        {
          localId: 'knowledge-rating',
          typeId: 'number',
          prompt: "Rate the employee's product knowledge from 1 (poor) to 10 (expert)",
          required: REQUIRED,
          config: { min: 1, max: 10 },
          scoreRanges: [
            { localId: 'low', lowerValue: 1, upperValue: 4, score: 0 },
            { localId: 'mid', lowerValue: 5, upperValue: 7, score: 5 },
            { localId: 'high', lowerValue: 8, upperValue: 10, score: 10 },
          ],
        },
        choice('upsell', 'Did the employee suggest an additional item or an upgrade?', yesNo(10)),
        {
          localId: 'upsell-detail',
          typeId: 'narrative',
          prompt: 'What did the employee suggest, and how did they present it?',
          visible: whenChosen('upsell', 'yes'),
          required: REQUIRED,
          config: { minLength: 20, maxLength: 1000 },
        },
        {
          localId: 'upsell-missed',
          typeId: 'narrative',
          prompt: 'Describe a moment when an additional item could have been suggested',
          visible: whenChosen('upsell', 'no'),
          config: { maxLength: 1000 },
        },
      ],
    },
    {
      localId: 'overall',
      name: 'Overall Experience',
      elements: [
        choice(
          'would-return',
          'Based on this visit, would you return?',
          options(
            ['definitely', 'Definitely', 10],
            ['probably', 'Probably', 7],
            ['probably-not', 'Probably not', 3],
            ['no', 'Definitely not', 0],
          ),
        ),
        {
          localId: 'summary',
          typeId: 'narrative',
          prompt: 'Summarize your visit in a few sentences',
          required: REQUIRED,
          config: { minLength: 50, maxLength: 4000 },
        },
        {
          localId: 'receipt-total',
          typeId: 'number',
          prompt: 'Receipt total (for reimbursement)',
          required: REQUIRED,
          config: { min: 0, max: 1000 },
          reportability: 'never',
        },
        {
          localId: 'proofer-notes',
          typeId: 'narrative',
          prompt: 'Proofer notes',
          editability: 'internal',
          reportability: 'never',
          displayNumber: false,
        },
      ],
    },
  ],
};

export const CALL_FORM: FormInput = {
  name: 'Mystery Shop: Phone Call',
  sections: [
    {
      localId: 'call',
      name: 'The Call',
      elements: [
        remark('call-note', 'Call during business hours and ask about pricing and availability.'),
        ...visitDetails('call'),
        choice('answered-quickly', 'Was the call answered within three rings?', yesNo(10)),
        choice(
          'phone-greeting',
          'Did the employee give the business name and their own name?',
          options(['both', 'Both', 10], ['one', 'Only one of them', 5], ['none', 'Neither', 0]),
        ),
        {
          localId: 'hold-time',
          typeId: 'timespan',
          prompt: 'How long were you on hold in total?',
          required: REQUIRED,
          scoreRanges: [
            { localId: 'none', lowerValue: 0, upperValue: 30, score: 10 },
            { localId: 'short', lowerValue: 31, upperValue: 120, score: 5 },
            { localId: 'long', lowerValue: 121, upperValue: 86_400, score: 0 },
          ],
        },
        choice('asked-contact', 'Did the employee ask for your name and phone number?', yesNo(10)),
        choice('invited', 'Did the employee invite you to visit or book an appointment?', yesNo(10)),
        {
          localId: 'not-invited',
          typeId: 'narrative',
          prompt: 'How did the call end?',
          visible: whenChosen('invited', 'no'),
          required: REQUIRED,
          config: { minLength: 20, maxLength: 1000 },
        },
        {
          localId: 'recording',
          typeId: 'phonerecording',
          prompt: 'Call recording',
          required: REQUIRED,
          reportability: 'always',
        },
        {
          localId: 'call-summary',
          typeId: 'narrative',
          prompt: 'Summarize the call',
          required: REQUIRED,
          config: { minLength: 50, maxLength: 4000 },
        },
      ],
    },
  ],
};

export const SURVEY_FORM: FormInput = {
  name: 'Customer Survey: Guest Feedback',
  sections: [
    {
      localId: 'experience',
      name: 'Your Experience',
      elements: [
        {
          localId: 'store-code',
          typeId: 'inboundparameter',
          prompt: 'Store code',
          displayNumber: false,
          reportability: 'never',
        },
        {
          localId: 'nps',
          typeId: 'number',
          prompt: 'How likely are you to recommend us to a friend or colleague? (0-10)',
          required: REQUIRED,
          config: { min: 0, max: 10, isPromoterScore: true },
          scoreRanges: [
            { localId: 'detractor', lowerValue: 0, upperValue: 6, score: 0 },
            { localId: 'passive', lowerValue: 7, upperValue: 8, score: 5 },
            { localId: 'promoter', lowerValue: 9, upperValue: 10, score: 10 },
          ],
        },
        {
          localId: 'nps-improve',
          typeId: 'narrative',
          prompt: "We're sorry to hear that. What could we have done better?",
          visible: whenNumber('nps', 'lte', 6),
          config: { maxLength: 2000 },
        },
        {
          localId: 'nps-enjoy',
          typeId: 'narrative',
          prompt: 'Wonderful! What did you enjoy most about your visit?',
          visible: whenNumber('nps', 'gte', 9),
          config: { maxLength: 2000 },
        },
        choice(
          'speed',
          'How satisfied were you with the speed of service?',
          options(
            ['very', 'Very satisfied', 10],
            ['satisfied', 'Satisfied', 7],
            ['neutral', 'Neutral', 4],
            ['dissatisfied', 'Dissatisfied', 0],
          ),
        ),
        choice('order-correct', 'Was your order correct?', yesNo(10)),
        {
          localId: 'order-problem',
          typeId: 'text',
          prompt: 'What was wrong with your order?',
          visible: whenChosen('order-correct', 'no'),
          required: REQUIRED,
          config: { maxLength: 500 },
        },
      ],
    },
    {
      localId: 'about-you',
      name: 'About You',
      elements: [
        choice(
          'visit-frequency',
          'How often do you visit us?',
          options(
            ['first', 'This was my first visit', 0],
            ['monthly', 'About once a month', 0],
            ['weekly', 'Every week', 0],
          ),
          { required: undefined },
        ),
        {
          localId: 'follow-up-email',
          typeId: 'text',
          prompt: 'Your e-mail, if you would like us to follow up (optional)',
          config: { maxLength: 200 },
        },
      ],
    },
  ],
};

async function publishDemoForm(db: Db, definition: FormInput): Promise<string> {
  const created = await createForm(db, { input: { name: definition.name } });
  await saveFormDraft(db, { id: created.id, draft: definition });
  await publishForm(db, { id: created.id });
  return created.id;
}

const PHONE_TITLE = /phone|call|lead/i;

/**
 * Publishes the demo forms (version 1) and links every questionnaire without a form to one:
 * surveys to the guest survey, phone shops to the call form, every other shop to the visit form.
 */
export async function seedDemoForms(db: Db): Promise<void> {
  const visit = await publishDemoForm(db, VISIT_FORM);
  const call = await publishDemoForm(db, CALL_FORM);
  const survey = await publishDemoForm(db, SURVEY_FORM);
  const unlinked = await db
    .select({ id: questionnaires.id, title: questionnaires.title, type: questionnaires.type })
    .from(questionnaires)
    .where(isNull(questionnaires.formId));
  const formFor = (q: (typeof unlinked)[number]) =>
    q.type === 'customerSurvey' ? survey : PHONE_TITLE.test(q.title) ? call : visit;
  for (const formId of [visit, call, survey]) {
    const ids = unlinked.filter((q) => formFor(q) === formId).map((q) => q.id);
    if (ids.length > 0)
      await db.update(questionnaires).set({ formId }).where(inArray(questionnaires.id, ids));
    catalogueChanged();
  }
}
