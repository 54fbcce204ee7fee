import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { brandsChanged } from '../brands/resolve-brand.js';
import { brands, shops, userQuestionnaires } from '../db/schema.js';
import { setupTestApp } from '../test/harness.js';
import {
  ALREADY_PLACED,
  type Catalogue,
  cartWithShop,
  catalogue,
  customer,
  expectError,
  expectNoChange,
  NOT_AUTHORIZED,
  ORDER_NOT_FOUND,
  placedGuestOrder,
  REMOVE_UQ,
  SAVE_UQ,
  startCart,
} from '../test/order-wizard.js';

const t = setupTestApp();
let c: Catalogue;

beforeEach(async () => {
  await t.resetDb();
  c = await catalogue(t);
});

const question = (text: string, type = 'Yes / No') => ({ question: text, type });

describe('saveUserQuestionnaire', () => {
  it('saves custom questions and comments, dropping blank questions', async () => {
    const cart = await startCart(t, [c.shop.id]);
    const res = await t.gql(SAVE_UQ, {
      id: cart.uqid(c.shop.id),
      input: {
        customQuestions: [
          question('Was the table clean?'),
          { question: '   ' },
          { question: 'Which dessert?', type: 'Multiple Choice', multipleChoiceOptions: ['Pie', 'Cake'] },
        ],
        additionalComments: 'Visit at lunch.',
      },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.saveUserQuestionnaire.customQuestions).toHaveLength(2);
    expect(res.data.saveUserQuestionnaire.additionalComments).toBe('Visit at lunch.');
  });

  it.each([
    {
      case: 'a question without a type',
      input: { customQuestions: [{ question: 'Was it clean?' }] },
      message: 'Please select a type for all entered questions.',
      field: 'customQuestions.0.type',
    },
    {
      case: 'a question of an unknown type',
      input: { customQuestions: [question('Was it clean?', 'Essay')] },
      message: 'Please select a type for all entered questions.',
      field: 'customQuestions.0.type',
    },
    {
      case: 'six custom questions',
      input: { customQuestions: [1, 2, 3, 4, 5, 6].map((n) => question(`Question ${n}?`)) },
      message: 'You can add up to 5 custom questions.',
      field: 'customQuestions',
    },
    {
      case: 'six answer options',
      input: {
        customQuestions: [
          {
            question: 'Pick',
            type: 'Multiple Choice',
            multipleChoiceOptions: ['A', 'B', 'C', 'D', 'E', 'F'],
          },
        ],
      },
      message: 'Multiple Choice questions can have up to 5 answer options (A to E).',
      field: 'customQuestions.0.multipleChoiceOptions',
    },
    {
      case: 'comments over 4000 characters',
      input: { additionalComments: 'x'.repeat(4001) },
      message: 'Additional Comments cannot exceed 4000 characters.',
      field: 'additionalComments',
    },
    {
      case: 'an upload without a file key',
      input: { customUpload: { fileKey: '', publicUrl: '/s3/uploads/x', fileName: 'x.pdf' } },
      message: 'The uploaded file is missing its key.',
      field: 'customUpload.fileKey',
    },
  ])('refuses $case and saves nothing', async ({ input, message, field }) => {
    const cart = await startCart(t, [c.shop.id]);
    const res = await expectNoChange(t, () => t.gql(SAVE_UQ, { id: cart.uqid(c.shop.id), input }));
    expectError(res, message, { field, code: 'BAD_USER_INPUT' });
  });

  it('accepts exactly 4000 characters of comments and five questions', async () => {
    const cart = await startCart(t, [c.shop.id]);
    const res = await t.gql(SAVE_UQ, {
      id: cart.uqid(c.shop.id),
      input: {
        additionalComments: 'x'.repeat(4000),
        customQuestions: [1, 2, 3, 4, 5].map((n) => question(`Question ${n}?`)),
      },
    });
    expect(res.errors).toBeUndefined();
  });

  it('refuses custom questions when the brand does not allow customization', async () => {
    await t.db.update(brands).set({ customizationEnabled: false }).where(eq(brands.id, c.brand.id));
    brandsChanged();
    const cart = await startCart(t, [c.shop.id]);
    const res = await expectNoChange(t, () =>
      t.gql(SAVE_UQ, { id: cart.uqid(c.shop.id), input: { customQuestions: [question('Clean?')] } }),
    );
    expectError(res, 'Questionnaires for this brand cannot be customized.', { code: 'FORBIDDEN' });
  });

  it("refuses an unknown id, another customer's cart and a placed order", async () => {
    const owner = await customer(t);
    const theirs = await startCart(t, [c.shop.id], { token: owner.token });
    const placed = await placedGuestOrder(t, c);
    const stranger = await customer(t);
    const input = { additionalComments: 'mine now' };
    const call = (id: string, token?: string) => () => t.gql(SAVE_UQ, { id, input }, { token });
    expectError(await expectNoChange(t, call('no-such-uq')), 'That questionnaire is not on this order.', {
      field: '_id',
      code: 'NOT_FOUND',
    });
    expectError(await expectNoChange(t, call(theirs.uqid(c.shop.id))), NOT_AUTHORIZED);
    expectError(await expectNoChange(t, call(theirs.uqid(c.shop.id), stranger.token)), NOT_AUTHORIZED);
    expectError(await expectNoChange(t, call(placed.uqid)), ALREADY_PLACED);
    const own = await t.gql(SAVE_UQ, { id: theirs.uqid(c.shop.id), input }, { token: owner.token });
    expect(own.data.saveUserQuestionnaire.additionalComments).toBe('mine now');
  });
});

describe('removeUserQuestionnaire', () => {
  it('takes the questionnaire and its cart shops off the order', async () => {
    const cart = await cartWithShop(t, c);
    const res = await t.gql(REMOVE_UQ, { oid: cart.oid, uqid: cart.uqid });
    expect(res.errors).toBeUndefined();
    expect(await t.db.select().from(shops).where(eq(shops.oid, cart.oid))).toEqual([]);
    expect(await t.db.select().from(userQuestionnaires).where(eq(userQuestionnaires.oid, cart.oid))).toEqual(
      [],
    );
  });

  it("refuses a questionnaire of another order, another customer's cart, a placed order and an unknown id", async () => {
    const mine = await cartWithShop(t, c);
    const owner = await customer(t);
    const theirs = await cartWithShop(t, c, { token: owner.token });
    const placed = await placedGuestOrder(t, c);
    const call = (oid: string, uqid: string, token?: string) => () =>
      t.gql(REMOVE_UQ, { oid, uqid }, { token });
    expectError(
      await expectNoChange(t, call(mine.oid, theirs.uqid)),
      'That questionnaire is not on this order.',
      {
        field: 'uqid',
      },
    );
    expectError(await expectNoChange(t, call(theirs.oid, theirs.uqid)), NOT_AUTHORIZED);
    expectError(await expectNoChange(t, call(placed.oid, placed.uqid)), ALREADY_PLACED);
    expectError(await expectNoChange(t, call('no-such-order', mine.uqid)), ORDER_NOT_FOUND);
    const own = await t.gql(REMOVE_UQ, { oid: theirs.oid, uqid: theirs.uqid }, { token: owner.token });
    expect(own.errors).toBeUndefined();
  });
});
