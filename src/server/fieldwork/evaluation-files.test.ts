import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { people } from '../account/test-fixtures.js';
import { newId } from '../db/ids.js';
import { evaluations, forms, formVersions, questionnaires } from '../db/schema.js';
import { createUser, setupTestApp } from '../test/harness.js';
import { type Catalogue, catalogue, placedOrderOf } from '../test/order-wizard.js';

// Evaluation photos and recordings are files the shopper uploaded into evaluations/{id}; the answer
// stores the key and readers get URLs derived from it (security review: planted links).

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
        { localId: 'call', typeId: 'phonerecording', prompt: 'The call' },
        { localId: 'note', typeId: 'text', prompt: 'Anything else?' },
      ],
    },
  ],
};

const OPEN = '{ openVisits { _id } }';
const ACCEPT = 'mutation ($id: String!) { acceptVisit(visitId: $id) { _id } }';
const SAVE = `mutation ($id: String!, $answers: JSON!) { saveEvaluation(_id: $id, answers: $answers) { document } }`;
const READ = 'query ($id: String!) { evaluation(_id: $id) { document report } }';

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

/** A visit the shopper accepted; returns its evaluation id. */
async function accepted(token = shopper): Promise<string> {
  const open = (await t.gql(OPEN, {}, { token })).data.openVisits as { _id: string }[];
  const res = await t.gql(ACCEPT, { id: open[0]!._id }, { token });
  expect(res.errors).toBeUndefined();
  return res.data.acceptVisit._id;
}

/** A 1x1 PNG: photos are re-encoded on upload, so the bytes must be a readable image. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d49444154789c6360606060000000050001a5f645400000000049454e44ae426082',
  'hex',
);

function sign(folder: string, token: string, fileName = 'storefront.png', contentType = 'image/png') {
  const q = new URLSearchParams({ fileName, contentType, size: String(PNG.length) });
  return t.inject({ method: 'GET', url: `/s3/sign?${q}`, headers: { folder }, token });
}

/** Signs and PUTs a file into the evaluation's folder as the evaluator page does. */
async function upload(id: string, fileName = 'storefront.png', contentType = 'image/png') {
  const signed = await sign(`evaluations/${id}`, shopper, fileName, contentType);
  expect(signed.statusCode).toBe(200);
  const body = signed.json() as { uploadUrl: string; fileKey: string; publicUrl: string };
  const put = await t.inject({
    method: 'PUT',
    url: body.uploadUrl,
    headers: { 'content-type': contentType },
    payload: PNG,
  });
  expect(put.statusCode).toBe(200);
  return body;
}

const storedAnswers = async (id: string) =>
  (
    (await t.db.select().from(evaluations).where(eq(evaluations.id, id)))[0]!.document as {
      answers: Record<string, unknown>;
    }
  ).answers;

const fieldsOf = (res: { errors?: { extensions?: Record<string, unknown> }[] }) =>
  (res.errors?.[0]?.extensions?.fields as { field: string; message: string }[] | undefined) ?? [];

describe('evaluation photos and recordings', () => {
  it('signs an evaluation folder only for its own shopper', async () => {
    const id = await accepted();
    expect((await sign(`evaluations/${id}`, shopper)).statusCode).toBe(200);
    expect((await sign(`evaluations/${id}`, stranger)).statusCode).toBe(403);
    expect((await sign(`evaluations/${newId()}`, shopper)).statusCode).toBe(403);
  });

  it('stores uploads through /s3 by key and shows URLs derived from it', async () => {
    const id = await accepted();
    const photo = await upload(id);
    const call = await upload(id, 'call.mp3', 'audio/mpeg');
    // The page sends the URL it shows for a photo; a recording may be sent by its key.
    const res = await t.gql(
      SAVE,
      { id, answers: { photo: photo.publicUrl, call: { recordingURL: call.fileKey }, note: 'ok' } },
      { token: shopper },
    );
    expect(res.errors).toBeUndefined();
    expect(await storedAnswers(id)).toMatchObject({
      photo: photo.fileKey,
      call: { recordingURL: call.fileKey },
    });
    const read = await t.gql(READ, { id }, { token: shopper });
    // Read through signed links that expire (issue 42); the permanent address is refused.
    const signedLink = (key: string) =>
      expect.stringMatching(new RegExp(`^/s3/uploads/${key}\\?expires=\\d+&sig=\\w+$`));
    const shown = read.data.evaluation.document.answers;
    expect(shown).toMatchObject({
      photo: signedLink(photo.fileKey),
      call: { recordingURL: signedLink(call.fileKey) },
      note: 'ok',
    });
    expect((await t.inject({ method: 'GET', url: shown.photo })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/s3/uploads/${photo.fileKey}` })).statusCode).toBe(403);
    // Saving the shown URL again (or its address without the signature) keeps the same key.
    const again = await t.gql(SAVE, { id, answers: { photo: shown.photo } }, { token: shopper });
    expect(again.errors).toBeUndefined();
    expect((await storedAnswers(id)).photo).toBe(photo.fileKey);
    const bare = await t.gql(
      SAVE,
      { id, answers: { photo: `/s3/uploads/${photo.fileKey}` } },
      { token: shopper },
    );
    expect(bare.errors).toBeUndefined();
    expect(again.errors).toBeUndefined();
    expect((await storedAnswers(id)).photo).toBe(photo.fileKey);
  });

  it.each([
    ['an external image', { photo: 'https://evil.example/storefront.png' }, 'photo', 'image'],
    ['a javascript: URL', { photo: 'javascript:alert(1)' }, 'photo', 'image'],
    ['a climbing key', { photo: '../../etc/passwd' }, 'photo', 'image'],
    ['an external recording', { call: { recordingURL: 'https://evil.example/a.mp3' } }, 'call', 'recording'],
    ['a recording as bare text', { call: 'javascript:alert(1)' }, 'call', 'recording'],
  ])('refuses %s, naming the answer, and stores nothing', async (_label, answers, field, what) => {
    const id = await accepted();
    const before = await storedAnswers(id);
    const res = await t.gql(SAVE, { id, answers: { ...answers, note: 'x' } }, { token: shopper });
    expect(fieldsOf(res)).toEqual([
      { field: `answers.${field}`, message: `The ${what} must be uploaded for this evaluation.` },
    ]);
    expect(await storedAnswers(id)).toEqual(before);
  });

  it('refuses a photo of another evaluation’s folder, even one uploaded there', async () => {
    const mine = await accepted();
    const theirs = await accepted(stranger);
    const signed = await sign(`evaluations/${theirs}`, stranger);
    const { fileKey: key, publicUrl } = signed.json() as { fileKey: string; publicUrl: string };
    for (const photo of [key, `/s3/uploads/${key}`, publicUrl]) {
      const res = await t.gql(SAVE, { id: mine, answers: { photo } }, { token: shopper });
      expect(fieldsOf(res).map((f) => f.field)).toEqual(['answers.photo']);
    }
    expect((await storedAnswers(mine)).photo).toBeUndefined();
  });

  it('derives URLs on read, so a planted answer from before the check is not shown', async () => {
    const id = await accepted();
    const [row] = await t.db.select().from(evaluations).where(eq(evaluations.id, id));
    const doc = row!.document as { answers: Record<string, unknown> };
    await t.db
      .update(evaluations)
      .set({
        document: {
          ...doc,
          answers: { photo: 'javascript:alert(1)', call: { recordingURL: 'https://evil.example/a.mp3' } },
        },
      })
      .where(eq(evaluations.id, id));
    const read = await t.gql(READ, { id }, { token: shopper });
    expect(read.errors).toBeUndefined();
    expect(read.data.evaluation.document.answers).toEqual({});
    expect(JSON.stringify(read.data.evaluation)).not.toContain('evil.example');

    // The demo seed's bundled samples are the app's own files and stay.
    await t.db
      .update(evaluations)
      .set({ document: { ...doc, answers: { photo: '/samples/storefront.svg' } } })
      .where(eq(evaluations.id, id));
    const seeded = await t.gql(READ, { id }, { token: shopper });
    expect(seeded.data.evaluation.document.answers).toEqual({ photo: '/samples/storefront.svg' });
  });
});
