import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { userQuestionnaires } from '../db/schema.js';
import { ORDER_COOKIE } from '../storage-routes.js';
import { setupTestApp } from '../test/harness.js';
import {
  type Catalogue,
  catalogue,
  expectError,
  expectNoChange,
  SAVE_UQ,
  startCart,
} from '../test/order-wizard.js';

// A custom questionnaire upload is stored by the key /s3/sign gave for the order's own folder; its
// public URL and file name are derived on the server (security review: planted links).

const t = setupTestApp();
let c: Catalogue;

beforeEach(async () => {
  await t.resetDb();
  c = await catalogue(t);
});

const MSG = 'Please upload the questionnaire file for this order again.';
const UQ = `query ($id: String!) { order(_id: $id) { userQuestionnaires { _id customUpload { fileKey publicUrl fileName } } } }`;

const PDF = Buffer.from('%PDF-1.4 questionnaire');
/** A custom questionnaire is read through a signed link that expires (issue 42). */
const signedLink = (key: string) =>
  expect.stringMatching(new RegExp(`^/s3/uploads/${key}\\?expires=\\d+&sig=\\w+$`));

/** Signs and PUTs a file through the real routes, as the customize page does; resolves with the sign answer. */
async function uploadToOrder(oid: string, fileName = 'our questionnaire.pdf') {
  const q = new URLSearchParams({ fileName, contentType: 'application/pdf', size: String(PDF.length) });
  const signed = await t.inject({
    method: 'GET',
    url: `/s3/sign?${q}`,
    headers: { folder: `customQuestionnaires/${oid}` },
    cookie: { [ORDER_COOKIE]: oid },
  });
  expect(signed.statusCode).toBe(200);
  const body = signed.json() as { uploadUrl: string; fileKey: string; publicUrl: string };
  const put = await t.inject({
    method: 'PUT',
    url: body.uploadUrl,
    headers: { 'content-type': 'application/pdf' },
    payload: PDF,
  });
  expect(put.statusCode).toBe(200);
  return body;
}

const storedUpload = async (uqid: string) =>
  (await t.db.select().from(userQuestionnaires).where(eq(userQuestionnaires.id, uqid)))[0]!.customUpload;

describe('saveUserQuestionnaire customUpload', () => {
  it('refuses the review’s payload (a climbing key and a javascript: URL), naming the field, and stores nothing', async () => {
    const cart = await startCart(t, [c.shop.id]);
    const res = await expectNoChange(t, () =>
      t.gql(SAVE_UQ, {
        id: cart.uqid(c.shop.id),
        input: {
          customUpload: { fileKey: '../../etc/passwd', publicUrl: 'javascript:alert(1)', fileName: 'passwd' },
        },
      }),
    );
    expectError(res, MSG, { field: 'customUpload.fileKey', code: 'BAD_USER_INPUT' });
    expect(await storedUpload(cart.uqid(c.shop.id))).toBeNull();
  });

  it('refuses a key of another order’s folder, even one uploaded there', async () => {
    const mine = await startCart(t, [c.shop.id]);
    const other = await startCart(t, [c.shop.id]);
    const theirs = await uploadToOrder(other.oid);
    for (const fileKey of [theirs.fileKey, `customQuestionnaires/${other.oid}/Abc_q.pdf`]) {
      const res = await expectNoChange(t, () =>
        t.gql(SAVE_UQ, {
          id: mine.uqid(c.shop.id),
          input: { customUpload: { fileKey, publicUrl: theirs.publicUrl, fileName: 'q.pdf' } },
        }),
      );
      expectError(res, MSG, { field: 'customUpload.fileKey' });
    }
  });

  it.each([
    ['an external URL as the key', 'https://evil.example/customQuestionnaires/x/Abc_q.pdf'],
    ['the public URL instead of the key', '/s3/uploads/customQuestionnaires/{oid}/Abc_q.pdf'],
    ['a brand folder', 'brands/{oid}/Abc_q.pdf'],
    ['a nested path', 'customQuestionnaires/{oid}/x/../Abc_q.pdf'],
  ])('refuses %s', async (_label, key) => {
    const cart = await startCart(t, [c.shop.id]);
    const res = await t.gql(SAVE_UQ, {
      id: cart.uqid(c.shop.id),
      input: { customUpload: { fileKey: key.replace('{oid}', cart.oid) } },
    });
    expectError(res, MSG, { field: 'customUpload.fileKey' });
    expect(await storedUpload(cart.uqid(c.shop.id))).toBeNull();
  });

  it('stores a file signed and uploaded through /s3 by its key, deriving its URL and name (a sent URL is not echoed)', async () => {
    const cart = await startCart(t, [c.shop.id]);
    const signed = await uploadToOrder(cart.oid);
    const res = await t.gql(SAVE_UQ, {
      id: cart.uqid(c.shop.id),
      input: {
        customUpload: { fileKey: signed.fileKey, publicUrl: 'javascript:alert(1)', fileName: 'evil.exe' },
      },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.saveUserQuestionnaire.customUpload).toEqual({
      publicUrl: signedLink(signed.fileKey),
      fileName: 'our-questionnaire.pdf',
    });
    expect(signed.publicUrl).toEqual(signedLink(signed.fileKey));
    expect(await storedUpload(cart.uqid(c.shop.id))).toEqual({
      fileKey: signed.fileKey,
      fileName: 'our-questionnaire.pdf',
    });
    const file = await t.inject({
      method: 'GET',
      url: res.data.saveUserQuestionnaire.customUpload.publicUrl,
    });
    expect(file.statusCode).toBe(200);

    // The page sends the stored upload back with later saves (custom questions); that stays accepted.
    const again = await t.gql(SAVE_UQ, {
      id: cart.uqid(c.shop.id),
      input: { customUpload: { fileKey: signed.fileKey }, additionalComments: 'Lunch visit.' },
    });
    expect(again.errors).toBeUndefined();
  });

  it('keeps an unchanged key of another order (a reorder copies it) but does not take a new one', async () => {
    const source = await startCart(t, [c.shop.id]);
    const signed = await uploadToOrder(source.oid);
    const cart = await startCart(t, [c.shop.id]);
    await t.db
      .update(userQuestionnaires)
      .set({ customUpload: { fileKey: signed.fileKey, fileName: 'our-questionnaire.pdf' } })
      .where(eq(userQuestionnaires.id, cart.uqid(c.shop.id)));
    const kept = await t.gql(SAVE_UQ, {
      id: cart.uqid(c.shop.id),
      input: { customUpload: { fileKey: signed.fileKey } },
    });
    expect(kept.errors).toBeUndefined();
    const other = await uploadToOrder(source.oid, 'second.pdf');
    const res = await t.gql(SAVE_UQ, {
      id: cart.uqid(c.shop.id),
      input: { customUpload: { fileKey: other.fileKey } },
    });
    expectError(res, MSG, { field: 'customUpload.fileKey' });
  });

  it('derives the URL on read, so a planted row from before the check shows no upload', async () => {
    const cart = await startCart(t, [c.shop.id]);
    const uqid = cart.uqid(c.shop.id);
    const read = async () =>
      (await t.gql(UQ, { id: cart.oid })).data.order.userQuestionnaires.find(
        (u: { _id: string }) => u._id === uqid,
      ).customUpload;

    await t.db
      .update(userQuestionnaires)
      .set({ customUpload: { fileKey: '../../etc/passwd', publicUrl: 'javascript:alert(1)', fileName: 'x' } })
      .where(eq(userQuestionnaires.id, uqid));
    expect(await read()).toBeNull();

    const key = `customQuestionnaires/${cart.oid}/Abc_form.pdf`;
    await t.db
      .update(userQuestionnaires)
      .set({ customUpload: { fileKey: key, publicUrl: 'https://evil.example/form.pdf', fileName: 'evil' } })
      .where(eq(userQuestionnaires.id, uqid));
    expect(await read()).toEqual({ fileKey: key, publicUrl: signedLink(key), fileName: 'form.pdf' });
  });
});
