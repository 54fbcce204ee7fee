import { count, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG_FORM_NAME_REQUIRED } from '../../domain/index.js';
import { DEFAULT_SECTION_NAME, type FormInput } from '../../evaluation/index.js';
import { forms, formVersions } from '../db/schema.js';
import { createBrand, createUser, setupTestApp } from '../test/harness.js';
import { MSG_FORM_NOT_FOUND } from './index.js';

const t = setupTestApp();

const FORM_FIELDS = `_id name isActive draft updatedAt
  latestVersion { _id version publishedAt definition }
  versions { _id version definition }`;
const FORMS = '{ forms { _id name isActive latestVersion { version } } }';
const FORM = `query ($id: String!) { form(_id: $id) { ${FORM_FIELDS} } }`;
const CREATE = `mutation ($name: String!) { createForm(name: $name) { ${FORM_FIELDS} } }`;
const SAVE = `mutation ($id: String!, $draft: JSON!) { saveFormDraft(_id: $id, draft: $draft) { ${FORM_FIELDS} } }`;
const PUBLISH = `mutation ($id: String!) { publishForm(_id: $id) { ${FORM_FIELDS} } }`;
const SET_ACTIVE = `mutation ($id: String!, $isActive: Boolean!) {
  setFormActive(_id: $id, isActive: $isActive) { _id isActive draft }
}`;

type Who = 'anonymous' | 'customer' | 'admin';
let tokens: Record<Who, string | undefined>;

beforeAll(async () => {
  await t.resetDb();
  await createBrand(t.db, { shortName: 'default', isDefault: true });
  await createUser(t.db, { email: 'admin@forms.test', password: 'admin-pass', admin: true });
  await createUser(t.db, { email: 'customer@forms.test', password: 'customer-pass' });
  tokens = {
    anonymous: undefined,
    customer: await t.login('customer@forms.test', 'customer-pass'),
    admin: await t.login('admin@forms.test', 'admin-pass'),
  };
});

// Users and sessions stay for the whole file (hashing passwords is slow); forms start empty.
beforeEach(async () => {
  await t.db.delete(formVersions);
  await t.db.delete(forms);
});

const as = (who: Who, query: string, variables: Record<string, unknown> = {}) => {
  const token = tokens[who];
  return t.gql(query, variables, token ? { token } : {});
};

/** Creates a form as the admin and returns its id. */
async function newFormId(name = 'Store Visit'): Promise<string> {
  const res = await as('admin', CREATE, { name });
  expect(res.errors).toBeUndefined();
  return res.data.createForm._id;
}

/** A small valid draft: a choice question with a follow-up shown when 'No' is chosen. */
const draft = (over: Partial<FormInput> = {}): FormInput => ({
  name: 'Store Visit',
  sections: [
    {
      localId: 's1',
      name: 'Greeting',
      elements: [
        {
          localId: 'q1',
          typeId: 'choice',
          prompt: 'Were you greeted?',
          options: [
            { localId: 'yes', prompt: 'Yes', score: 10 },
            { localId: 'no', prompt: 'No', score: 0 },
          ],
          required: { when: 'always', conditions: [] },
        },
        {
          localId: 'q2',
          typeId: 'narrative',
          prompt: 'What happened instead?',
          visible: {
            when: 'when-all',
            conditions: [{ sourceField: 'question-option', sourceRef: 'q1', comparator: 'eq', value: 'no' }],
          },
        },
      ],
    },
  ],
  ...over,
});

const storedDraft = async (id: string) =>
  (await t.db.select({ draft: forms.draft }).from(forms).where(eq(forms.id, id)))[0]!.draft;
const versionCount = async () => (await t.db.select({ n: count() }).from(formVersions))[0]!.n;
const fieldOf = (res: { errors?: { extensions?: Record<string, unknown> }[] }) =>
  res.errors?.[0]?.extensions?.field;

describe('who may use the form builder', () => {
  /** Each operation, and what it answers an admin for the form `id` ('Store Visit', just created). */
  const operations: {
    name: string;
    run: (who: Who, id: string) => ReturnType<typeof as>;
    answer: (id: string) => unknown;
  }[] = [
    {
      name: 'forms',
      run: (who) => as(who, FORMS),
      answer: (id) => [{ _id: id, name: 'Store Visit', isActive: true, latestVersion: null }],
    },
    {
      name: 'form',
      run: (who, id) => as(who, FORM, { id }),
      answer: (id) => expect.objectContaining({ _id: id, name: 'Store Visit', versions: [] }),
    },
    {
      name: 'createForm',
      run: (who) => as(who, CREATE, { name: 'Sneaky' }),
      answer: (id) => expect.objectContaining({ _id: expect.not.stringMatching(id), name: 'Sneaky' }),
    },
    {
      name: 'saveFormDraft',
      run: (who, id) => as(who, SAVE, { id, draft: draft({ name: 'Sneaky' }) }),
      answer: (id) =>
        expect.objectContaining({
          _id: id,
          name: 'Sneaky',
          draft: expect.objectContaining({ name: 'Sneaky' }),
        }),
    },
    {
      name: 'publishForm',
      run: (who, id) => as(who, PUBLISH, { id }),
      answer: (id) =>
        expect.objectContaining({ _id: id, latestVersion: expect.objectContaining({ version: 1 }) }),
    },
    {
      name: 'setFormActive',
      run: (who, id) => as(who, SET_ACTIVE, { id, isActive: false }),
      answer: (id) => expect.objectContaining({ _id: id, isActive: false }),
    },
  ];

  it.each(operations)(
    'refuses $name to anonymous visitors and customers, and changes nothing',
    async (op) => {
      const id = await newFormId();
      const before = await t.db.select().from(forms);
      const anonymous = await op.run('anonymous', id);
      expect(anonymous.errors?.[0]?.message).toBe('You must be logged in.');
      expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      const customer = await op.run('customer', id);
      expect(customer.errors?.[0]?.message).toBe('Not Authorized');
      expect(customer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(await t.db.select().from(forms)).toEqual(before);
      expect(await versionCount()).toBe(0);
    },
  );

  it.each(operations)('lets an admin call $name', async (op) => {
    const id = await newFormId();
    const res = await op.run('admin', id);
    expect(res.errors).toBeUndefined();
    expect(res.data?.[op.name]).toEqual(op.answer(id));
  });
});

describe('createForm', () => {
  it("starts an active form with one section named 'Default Section' and no versions", async () => {
    const res = await as('admin', CREATE, { name: '  Store Visit  ' });
    expect(res.errors).toBeUndefined();
    const form = res.data.createForm;
    expect(form).toMatchObject({ name: 'Store Visit', isActive: true, latestVersion: null, versions: [] });
    expect(form.draft.name).toBe('Store Visit');
    expect(form.draft.formGuid).toBe(form._id);
    expect(form.draft.sections).toHaveLength(1);
    expect(form.draft.sections[0]).toMatchObject({ name: DEFAULT_SECTION_NAME, elements: [] });
  });

  it('refuses a blank name with an error on the name field', async () => {
    const res = await as('admin', CREATE, { name: '   ' });
    expect(res.errors?.[0]?.message).toBe(MSG_FORM_NAME_REQUIRED);
    expect(fieldOf(res)).toBe('name');
    expect((await t.db.select({ n: count() }).from(forms))[0]!.n).toBe(0);
  });
});

describe('saveFormDraft', () => {
  it("stores the engine's defaulted form and renames the form after the draft", async () => {
    const id = await newFormId();
    const res = await as('admin', SAVE, { id, draft: draft({ name: 'Store Visit v2' }) });
    expect(res.errors).toBeUndefined();
    const saved = res.data.saveFormDraft;
    expect(saved.name).toBe('Store Visit v2');
    expect(saved.draft.formGuid).toBe(id);
    const q2 = saved.draft.sections[0].elements[1];
    // Defaults of the spec: displayNumber true, editability all, reportability visibility, never required.
    expect(q2).toMatchObject({
      displayNumber: true,
      editability: 'all',
      reportability: 'visibility',
      required: { when: 'never', conditions: [] },
    });
    expect(await storedDraft(id)).toEqual(saved.draft);
    const listed = await as('admin', FORMS);
    expect(listed.data.forms).toEqual([
      { _id: id, name: 'Store Visit v2', isActive: true, latestVersion: null },
    ]);
  });

  const element = (over: Record<string, unknown>) =>
    draft({
      sections: [{ localId: 's1', name: 'Greeting', elements: [{ localId: 'q1', typeId: 'text', ...over }] }],
    });

  it.each([
    {
      case: 'an unknown element type',
      draft: element({ typeId: 'slider' }),
      field: 'draft.sections.0.elements.0.typeId',
    },
    {
      case: 'an element without an id',
      draft: element({ localId: '' }),
      field: 'draft.sections.0.elements.0.localId',
    },
    {
      case: 'two elements with one id',
      draft: draft({
        sections: [
          {
            localId: 's1',
            elements: [
              { localId: 'q1', typeId: 'text' },
              { localId: 'q1', typeId: 'text' },
            ],
          },
        ],
      }),
      field: 'draft.sections.0.elements.1.localId',
    },
    {
      case: 'a condition on an element that is not in the form',
      draft: element({
        visible: {
          when: 'when-any',
          conditions: [{ sourceField: 'question-option', sourceRef: 'gone', comparator: 'eq', value: 'x' }],
        },
      }),
      field: 'draft.sections.0.elements.0',
      message: /Section 1 'Greeting', element 1.*not in this form/,
    },
    {
      case: 'a minimum above the maximum',
      draft: element({ typeId: 'number', config: { min: 10, max: 1 } }),
      field: 'draft.sections.0.elements.0',
      message: /The minimum is above the maximum/,
    },
    {
      case: 'a score range upside down',
      draft: element({ typeId: 'number', scoreRanges: [{ lowerValue: 5, upperValue: 1, score: 3 }] }),
      field: 'draft.sections.0.elements.0',
    },
    { case: 'a blank form name', draft: draft({ name: ' ' }), field: 'draft.name' },
    { case: 'not a form at all', draft: 'hello', field: 'draft' },
  ])('refuses $case with an error naming $field, and keeps the saved draft', async (c) => {
    const id = await newFormId();
    await as('admin', SAVE, { id, draft: draft() });
    const before = await t.db.select().from(forms).where(eq(forms.id, id));
    const res = await as('admin', SAVE, { id, draft: c.draft });
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(fieldOf(res)).toBe(c.field);
    if (c.message) expect(res.errors?.[0]?.message).toMatch(c.message);
    expect(await t.db.select().from(forms).where(eq(forms.id, id))).toEqual(before);
  });

  it('answers Form not found for an unknown form', async () => {
    const res = await as('admin', SAVE, { id: 'nope', draft: draft() });
    expect(res.errors?.[0]?.message).toBe(MSG_FORM_NOT_FOUND);
    expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe('publishForm', () => {
  it('publishes versions 1, 2, ... and leaves older versions unchanged', async () => {
    const id = await newFormId();
    await as('admin', SAVE, { id, draft: draft() });
    const first = await as('admin', PUBLISH, { id });
    expect(first.errors).toBeUndefined();
    expect(first.data.publishForm.latestVersion.version).toBe(1);
    const v1 = first.data.publishForm.latestVersion.definition;
    expect(v1.sections[0].elements[0].prompt).toBe('Were you greeted?');

    const changed = draft();
    changed.sections![0]!.elements![0]!.prompt = 'Were you greeted within 30 seconds?';
    await as('admin', SAVE, { id, draft: changed });
    const second = await as('admin', PUBLISH, { id });
    expect(second.data.publishForm.latestVersion.version).toBe(2);

    const loaded = (await as('admin', FORM, { id })).data.form;
    expect(loaded.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(loaded.versions[1].definition).toEqual(v1);
    expect(loaded.versions[0].definition.sections[0].elements[0].prompt).toBe(
      'Were you greeted within 30 seconds?',
    );
    expect(loaded.latestVersion.version).toBe(2);
  });

  it('creates no new version when nothing changed since the last one', async () => {
    const id = await newFormId();
    await as('admin', SAVE, { id, draft: draft() });
    const [a, b] = await Promise.all([as('admin', PUBLISH, { id }), as('admin', PUBLISH, { id })]);
    expect(a.errors).toBeUndefined();
    expect(b.errors).toBeUndefined();
    const again = await as('admin', PUBLISH, { id });
    expect(again.data.publishForm.latestVersion.version).toBe(1);
    expect(await versionCount()).toBe(1);
  });

  it('refuses a stored draft the engine rejects and creates no version', async () => {
    const id = await newFormId();
    // A draft written around the API (e.g. imported from the legacy system).
    await t.db
      .update(forms)
      .set({ draft: { name: 'Broken', sections: [{ localId: 's1', elements: [{ localId: 'q1' }] }] } })
      .where(eq(forms.id, id));
    const res = await as('admin', PUBLISH, { id });
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(fieldOf(res)).toBe('draft.sections.0.elements.0.typeId');
    expect(await versionCount()).toBe(0);
  });

  it('answers Form not found for an unknown form', async () => {
    const res = await as('admin', PUBLISH, { id: 'nope' });
    expect(res.errors?.[0]?.message).toBe(MSG_FORM_NOT_FOUND);
  });
});

describe('setFormActive and the lists', () => {
  it('switches a form off and on, in the list and in its draft', async () => {
    const id = await newFormId();
    const off = await as('admin', SET_ACTIVE, { id, isActive: false });
    expect(off.data.setFormActive).toMatchObject({ isActive: false, draft: { isActive: false } });
    expect((await as('admin', FORMS)).data.forms[0].isActive).toBe(false);
    // Saving a draft that says otherwise does not switch it back on.
    const saved = await as('admin', SAVE, { id, draft: draft({ isActive: true }) });
    expect(saved.data.saveFormDraft.isActive).toBe(false);
    expect(saved.data.saveFormDraft.draft.isActive).toBe(false);
    const on = await as('admin', SET_ACTIVE, { id, isActive: true });
    expect(on.data.setFormActive.isActive).toBe(true);
  });

  it('lists forms by name with their latest version', async () => {
    const b = await newFormId('B Survey');
    await newFormId('A Visit');
    await as('admin', SAVE, { id: b, draft: draft({ name: 'B Survey' }) });
    await as('admin', PUBLISH, { id: b });
    const res = await as('admin', FORMS);
    expect(
      res.data.forms.map((f: { name: string; latestVersion: { version: number } | null }) => [
        f.name,
        f.latestVersion?.version ?? null,
      ]),
    ).toEqual([
      ['A Visit', null],
      ['B Survey', 1],
    ]);
  });

  it('answers null for a form that does not exist', async () => {
    const res = await as('admin', FORM, { id: 'nope' });
    expect(res.errors).toBeUndefined();
    expect(res.data.form).toBeNull();
  });
});
