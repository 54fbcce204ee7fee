import type { TestProject } from 'vitest/node';
import { ensurePgliteSnapshot, ensurePostgresTemplate, POSTGRES_ADMIN_URL } from './db-template.js';

/**
 * The integration projects' globalSetup: makes the run's migrated template once, before any file runs
 * (db-template.ts), so the files running in parallel do not race to make it. A no-op when it is there.
 */
export default async function setup(project: TestProject): Promise<void> {
  if (project.config.env.TEST_DB === 'postgres') await ensurePostgresTemplate(POSTGRES_ADMIN_URL);
  else await ensurePgliteSnapshot();
}
