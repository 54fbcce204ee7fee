// Fieldwork test fixtures: small published forms and shoppers, shared by the fieldwork and notification tests.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { newId } from '../db/ids.js';
import { forms, formVersions, questionnaires } from '../db/schema.js';
import type { TestHarness } from './harness.js';

/** A small visit form: a scored choice, a follow-up shown only after 'No', and a scored wait time. */
export const VISIT_FORM = {
  name: 'Visit',
  sections: [
    {
      localId: 's1',
      name: 'Service',
      elements: [
        {
          localId: 'greet',
          typeId: 'choice',
          prompt: 'Were you greeted?',
          required: { when: 'always', conditions: [] },
          options: [
            { localId: 'yes', prompt: 'Yes', score: 10 },
            { localId: 'no', prompt: 'No', score: 0 },
          ],
        },
        {
          localId: 'why',
          typeId: 'text',
          prompt: 'What happened?',
          required: { when: 'always', conditions: [] },
          visible: {
            when: 'when-all',
            conditions: [
              { sourceField: 'question-option', sourceRef: 'greet', comparator: 'eq', value: 'no' },
            ],
          },
        },
      ],
    },
    {
      localId: 's2',
      name: 'Speed',
      elements: [
        {
          localId: 'wait',
          typeId: 'number',
          prompt: 'Minutes waited',
          required: { when: 'always', conditions: [] },
          config: { min: 0, max: 120 },
          scoreRanges: [
            { lowerValue: 0, upperValue: 5, score: 10 },
            { lowerValue: 6, upperValue: 120, score: 2 },
          ],
        },
      ],
    },
  ],
};

export const SURVEY_FORM = {
  name: 'Survey',
  sections: [
    {
      localId: 's1',
      name: 'Guest',
      elements: [
        {
          localId: 'nps',
          typeId: 'number',
          prompt: 'How likely are you to recommend us?',
          required: { when: 'always', conditions: [] },
          config: { min: 0, max: 10, isPromoterScore: true },
          scoreRanges: [
            { lowerValue: 0, upperValue: 6, score: 0 },
            { lowerValue: 7, upperValue: 8, score: 5 },
            { lowerValue: 9, upperValue: 10, score: 10 },
          ],
        },
      ],
    },
  ],
};

/** Publishes a form (version 1) and gives it to the questionnaires. */
export async function publish(t: TestHarness, definition: unknown, qids: string[]) {
  const formId = newId();
  await t.db.insert(forms).values({ id: formId, name: 'Form', draft: definition });
  await t.db.insert(formVersions).values({ id: newId(), formId, version: 1, definition });
  for (const qid of qids) await t.db.update(questionnaires).set({ formId }).where(eq(questionnaires.id, qid));
  return formId;
}

/** Registers a shopper through the API; returns their session token and id. */
export async function registerShopper(t: TestHarness, email: string, state = 'TX') {
  const res = await t.gql(
    `mutation ($input: ShopperRegisterInput!) { registerShopper(input: $input) { token user { _id roles } } }`,
    {
      input: {
        email,
        password: 'secret-pass',
        firstName: 'Sam',
        lastName: 'Shopper',
        phone: '(512)-555-0101',
        city: 'Austin',
        state,
      },
    },
  );
  expect(res.errors).toBeUndefined();
  return { token: res.data.registerShopper.token as string, id: res.data.registerShopper.user._id as string };
}
