import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { people } from '../account/test-fixtures.js';
import { newId } from '../db/ids.js';
import { evaluations, forms, formVersions, questionnaires } from '../db/schema.js';
import { createUser, setupTestApp } from '../test/harness.js';
import {
  type Catalogue,
  catalogue,
  expectError,
  expectNoChange,
  placedOrderOf,
} from '../test/order-wizard.js';
import { MSG_BAD_TAKEN_TIME, MSG_NOT_EDITABLE, MSG_STALE_SAVE } from './evaluations.js';

// Offline saves (docs/offline-evaluator.md): each names the version it was made on; a stale one is
// refused with a conflict and changes nothing, and so is a save for an evaluation the shopper no
// longer holds.

const t = setupTestApp();
let c: Catalogue;
let shopper: string;
let stranger: string;

const FORM = {
  name: 'Visit',
  sections: [
    {
      localId: 's1',
      name: 'Outside',
      elements: [
        { localId: 'photo', typeId: 'imageupload', prompt: 'Photo of the storefront' },
        { localId: 'note', typeId: 'text', prompt: 'Anything else?' },
      ],
    },
  ],
};

const OPEN = '{ openVisits { _id } }';
const ACCEPT = 'mutation ($id: String!) { acceptVisit(visitId: $id) { _id version } }';
const SAVE = `mutation ($id: String!, $answers: JSON!, $base: Int, $taken: JSON) {
  saveEvaluation(_id: $id, answers: $answers, baseVersion: $base, photoTakenAt: $taken) { version document }
}`;
const SUBMIT = 'mutation ($id: String!) { submitEvaluation(_id: $id) { version } }';
const RELEASE = 'mutation ($id: String!) { releaseEvaluation(_id: $id) { statusName } }';
const READ = 'query ($id: String!) { evaluation(_id: $id) { version document } }';

async function shopperToken(email: string) {
  await createUser(t.db, { email, roles: ['shopper'], password: 'password123', state: 'TX' } as never);
  return t.login(email, 'password123');
}

beforeEach(async () => {
  await t.resetDb();
  c = await catalogue(t);
  const p = await people(t);
  const formId = newId();
  await t.db.insert(forms).values({ id: formId, name: 'Form', draft: FORM });
  await t.db.insert(formVersions).values({ id: newId(), formId, version: 1, definition: FORM });
  await t.db.update(questionnaires).set({ formId }).where(eq(questionnaires.id, c.shop.id));
  await placedOrderOf(t, c, p.alice.token);
  shopper = await shopperToken('sam@example.test');
  stranger = await shopperToken('cal@example.test');
});

async function accepted(): Promise<string> {
  const open = (await t.gql(OPEN, {}, { token: shopper })).data.openVisits as { _id: string }[];
  const res = await t.gql(ACCEPT, { id: open[0]!._id }, { token: shopper });
  expect(res.errors).toBeUndefined();
  expect(res.data.acceptVisit.version).toBe(0);
  return res.data.acceptVisit._id;
}

const save = (
  id: string,
  answers: Record<string, unknown>,
  base?: number,
  taken?: unknown,
  token = shopper,
) => t.gql(SAVE, { id, answers, base, taken }, { token });

const stored = async (id: string) =>
  (await t.db.select().from(evaluations).where(eq(evaluations.id, id)))[0]!;

describe('offline saves and versions', () => {
  it('takes saves in order, each on the version the last one returned', async () => {
    const id = await accepted();
    const first = await save(id, { note: 'one' }, 0);
    expect(first.errors).toBeUndefined();
    expect(first.data.saveEvaluation.version).toBe(1);
    const second = await save(id, { note: 'two' }, 1);
    expect(second.data.saveEvaluation.version).toBe(2);
    const read = await t.gql(READ, { id }, { token: shopper });
    expect(read.data.evaluation).toMatchObject({ version: 2, document: { answers: { note: 'two' } } });
  });

  it('refuses a save made on an older version with a conflict, and changes nothing', async () => {
    const id = await accepted();
    await save(id, { note: 'from the phone' }, 0);
    // The tablet was offline and still holds version 0.
    const res = await expectNoChange(t, () => save(id, { note: 'from the tablet' }, 0));
    expectError(res, MSG_STALE_SAVE, { field: 'baseVersion', code: 'CONFLICT' });
    const row = await stored(id);
    expect(row.version).toBe(1);
    expect((row.document as { answers: Record<string, unknown> }).answers.note).toBe('from the phone');
    // A newer version than the server's is refused too.
    expectError(await save(id, { note: 'x' }, 5), MSG_STALE_SAVE, { field: 'baseVersion' });
    // On the newest version ("Keep mine") the save goes through.
    expect((await save(id, { note: 'from the tablet' }, 1)).data.saveEvaluation.version).toBe(2);
  });

  it('checks nothing when a caller leaves the version out', async () => {
    const id = await accepted();
    await save(id, { note: 'one' }, 0);
    const res = await save(id, { note: 'two' });
    expect(res.errors).toBeUndefined();
    expect(res.data.saveEvaluation.version).toBe(2);
  });

  it('counts submissions as changes of the document', async () => {
    const id = await accepted();
    await save(id, { note: 'done' }, 0);
    const res = await t.gql(SUBMIT, { id }, { token: shopper });
    expect(res.errors).toBeUndefined();
    expect(res.data.submitEvaluation.version).toBe(2);
  });

  it('refuses offline saves for an evaluation the shopper gave back or submitted, changing nothing', async () => {
    const given = await accepted();
    await t.gql(RELEASE, { id: given }, { token: shopper });
    expectError(await expectNoChange(t, () => save(given, { note: 'late' }, 0)), MSG_NOT_EDITABLE, {
      field: '_id',
      code: 'CONFLICT',
    });

    const submitted = await accepted();
    await save(submitted, { note: 'done' }, 0);
    await t.gql(SUBMIT, { id: submitted }, { token: shopper });
    expectError(await expectNoChange(t, () => save(submitted, { note: 'late' }, 2)), MSG_NOT_EDITABLE, {
      field: '_id',
    });
    // Another shopper (the visit reassigned) is refused as well; anonymous callers must log in.
    const res = await expectNoChange(t, () => save(submitted, { note: 'mine' }, 2, undefined, stranger));
    expect(res.errors?.[0]?.message).toBe('Not Authorized');
    const anonymous = await t.gql(SAVE, { id: submitted, answers: { note: 'x' }, base: 2 });
    expect(anonymous.errors).toBeDefined();
    expect((await stored(submitted)).version).toBe(2);
  });

  it('keeps the time a photo was taken with its answer, and drops it with the photo', async () => {
    const id = await accepted();
    const signed = await t.inject({
      method: 'GET',
      url: `/s3/sign?${new URLSearchParams({ fileName: 'front.jpg', contentType: 'image/jpeg', size: '1000' })}`,
      headers: { folder: `evaluations/${id}` },
      token: shopper,
    });
    const { fileKey } = signed.json() as { fileKey: string };
    const taken = '2026-11-26T14:02:00.000Z';
    const res = await save(id, { photo: fileKey }, 0, { photo: '2026-11-26T15:02:00+01:00' });
    expect(res.errors).toBeUndefined();
    expect(res.data.saveEvaluation.document.photoTakenAt).toEqual({ photo: taken });
    // Later saves of other answers keep it.
    await save(id, { note: 'ok' }, 1);
    expect((await stored(id)).document).toMatchObject({ photoTakenAt: { photo: taken } });
    // A bad time, or one for an answer not in the save, is refused and changes nothing.
    for (const bad of [{ photo: 'yesterday' }, { note: taken }, { photo: 5 }]) {
      const refused = await expectNoChange(t, () => save(id, { photo: fileKey }, 2, bad));
      expectError(refused, MSG_BAD_TAKEN_TIME, { code: 'BAD_USER_INPUT' });
    }
    await save(id, { photo: null }, 2);
    expect((await stored(id)).document).not.toHaveProperty('photoTakenAt');
  });
});
