/**
 * Creates (or promotes) an admin account for a real deployment:
 *   npm run create-admin -- --email admin@example.com [--password '...'] [--first Ada --last Admin]
 * Without --password a strong one is generated and printed once.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { zEmail, zPassword } from '../src/domain/index.js';
import { findUserByEmail } from '../src/server/accounts/login.js';
import { configurePasswordHashing, hashPassword } from '../src/server/auth/passwords.js';
import { defaultBrand } from '../src/server/brands/resolve-brand.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { createUser } from '../src/server/db/factories.js';
import { users } from '../src/server/db/schema.js';
import { describeError } from '../src/server/logging/index.js';

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      first: { type: 'string', default: 'Site' },
      last: { type: 'string', default: 'Admin' },
    },
  });
  const email = zEmail.safeParse(values.email ?? '');
  if (!email.success) throw new Error('--email: a valid e-mail address is required.');
  const generated = !values.password;
  const password = values.password ?? randomBytes(12).toString('base64url');
  const pw = zPassword.safeParse(password);
  if (!pw.success) throw new Error(`--password: ${pw.error.issues[0]?.message}`);

  const config = loadConfig();
  configurePasswordHashing(config);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const existing = await findUserByEmail(database.db, email.data);
    if (existing) {
      await database.db
        .update(users)
        .set({ admin: true, passwordHash: await hashPassword(password), updatedAt: new Date() })
        .where(eq(users.id, existing.id));
      console.log(`Promoted ${email.data} to admin and set the password.`);
    } else {
      let brandId: string | null = null;
      try {
        brandId = (await defaultBrand(database.db)).id;
      } catch {
        brandId = null;
      }
      await createUser(database.db, {
        email: email.data,
        password,
        firstName: values.first ?? 'Site',
        lastName: values.last ?? 'Admin',
        businessName: '',
        phone: '',
        admin: true,
        emailVerified: true,
        associatedBrandId: brandId,
      });
      console.log(`Created admin ${email.data}.`);
    }
    if (generated) console.log(`Password (shown once): ${password}`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(describeError(err, { stack: false }));
  process.exit(1);
});
