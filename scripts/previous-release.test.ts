import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setupTestApp } from '../src/server/test/harness.js';
import {
  ADD_LOCATION,
  CHECKOUT,
  catalogue,
  GOOD_CARD,
  SAVE_SHOP,
  START,
  TOKENIZE,
} from '../src/server/test/order-wizard.js';
import { childDatabaseEnv, graphqlClient, spawnServer } from '../src/server/test/spawned-server.js';
import { extractRelease, previousRelease } from './previous-release.js';

// Expand/contract (docs/migrations.md): while a deploy migrates, the previous release still serves, so
// it must work on the new schema. This starts the previous release's server (previous-release.ts says
// which) on a database migrated by this tree, and walks the order flow through it: a guest checkout and
// one that creates an account.

const t = setupTestApp();
let tmp = '';
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'storefront-previous-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

it('the previous release starts on this schema and serves the order flow', async () => {
  const previous = previousRelease();
  if ('missing' in previous) throw new Error(`No previous release to check: ${previous.missing}`);
  // Kept under the temp directory by commit (releaseDir): the other project and later runs reuse it.
  const dir = extractRelease(previous.commit);
  const c = await catalogue(t);
  // The harness migrated the database with this tree's migrations: the old app finds them all applied.
  const env = await childDatabaseEnv(t.database, path.join(tmp, 'data'));
  const server = await spawnServer({ ...env, SHUTDOWN_DELAY_MS: '0' }, dir).catch((err: Error) => {
    throw new Error(`${previous.why} (${previous.commit.slice(0, 9)}) did not start: ${err.message}`);
  });
  const api = graphqlClient(server.origin);
  try {
    for (const account of [false, true]) {
      const started = await api.call(START, { qids: [c.shop.id] });
      const oid = started.startOrder._id as string;
      const location = await api.call(ADD_LOCATION, {
        input: { address: { formattedAddress: '123 Main St, Austin, TX 78701' }, name: 'Main', oids: [oid] },
      });
      await api.call(SAVE_SHOP, {
        input: {
          oid,
          locationId: location.addLocation._id,
          uqid: started.startOrder.userQuestionnaires[0]._id,
          ...(account
            ? { recurring: true, frequencyPeriod: 'month', frequencyQuantity: 1 }
            : { recurring: false, totalQuantity: 1 }),
          reimbursement: 3000,
        },
      });
      const card = await api.call(TOKENIZE, {
        input: { number: GOOD_CARD, expireMonth: 12, expireYear: 2035, cvc: '123' },
      });
      const input = {
        email: `previous-${account ? 'account' : 'guest'}@example.test`,
        profile: { firstName: 'Pat', lastName: 'Previous', businessName: 'Prev Co', phone: '5125550100' },
        paymentCardValid: true,
        cancellationPolcy: true,
        stripeToken: card.tokenizeTestCard.token,
        ...(account ? { password: 'secret-pass', confirmPassword: 'secret-pass' } : { guestCheckout: true }),
      };
      const placed = await api.call(CHECKOUT, { oid, input });
      expect(placed.checkout.status, `${previous.why}: ${account ? 'account' : 'guest'} checkout`).toBe(
        'COMPLETE',
      );
    }
  } finally {
    api.close();
    await server.kill();
  }
}, 240_000);
