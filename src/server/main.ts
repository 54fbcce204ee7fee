import { createAdapters } from './adapters/index.js';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { isEmpty, seedDemo } from './db/seed-demo.js';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  // Demo data goes into an empty embedded database, and into PostgreSQL only when SEED_DEMO=1.
  const seed = database.kind === 'pglite' || config.SEED_DEMO === '1';
  if (seed && (await isEmpty(database.db))) {
    await seedDemo(database.db);
    console.log(
      'Seeded demo data: admin@demo.test / demo-admin-pass, customer@demo.test / demo-customer-pass',
    );
  }
  const app = await buildApp({ db: database.db, config, adapters: createAdapters(config) });
  const close = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(`Storefront listening on http://localhost:${config.PORT} (database: ${database.kind})`);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
