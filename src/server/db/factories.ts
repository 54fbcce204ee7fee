import { hashPassword } from '../auth/passwords.js';
import { brandsChanged } from '../brands/resolve-brand.js';
import { catalogueChanged } from '../catalogue/published-industries.js';
import type { BrandRow, UserRow } from '../context.js';
import type { Db } from './client.js';
import { newId } from './ids.js';
import { brands, industries, questionnaires, users } from './schema.js';

/** Factories shared by the demo seed and the tests: sensible defaults, any field overridable. */

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

export async function createBrand(db: Db, over: Partial<typeof brands.$inferInsert> = {}): Promise<BrandRow> {
  const shortName = over.shortName ?? `brand${unique()}`;
  const [row] = await db
    .insert(brands)
    .values({ id: newId(), shortName, name: over.name ?? shortName, ...over })
    .returning();
  brandsChanged();
  return row!;
}

export async function createUser(
  db: Db,
  over: Partial<typeof users.$inferInsert> & { password?: string } = {},
): Promise<UserRow> {
  const { password = 'password123', ...rest } = over;
  const [row] = await db
    .insert(users)
    .values({
      id: newId(),
      email: `user-${unique()}@example.test`,
      passwordHash: await hashPassword(password),
      firstName: 'Test',
      lastName: 'User',
      businessName: 'Test Business',
      phone: '(555)-555-0100',
      ...rest,
    })
    .returning();
  return row!;
}

export async function createIndustry(
  db: Db,
  over: Partial<typeof industries.$inferInsert> & { brandId: string },
) {
  const [row] = await db
    .insert(industries)
    .values({ id: newId(), title: `Industry ${unique()}`, ...over })
    .returning();
  catalogueChanged();
  return row!;
}

export async function createQuestionnaire(
  db: Db,
  over: Partial<typeof questionnaires.$inferInsert> & { brandId: string; industryId: string },
) {
  const [row] = await db
    .insert(questionnaires)
    .values({ id: newId(), title: `Questionnaire ${unique()}`, cost: 9500, ...over })
    .returning();
  catalogueChanged();
  return row!;
}
