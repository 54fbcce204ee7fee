/**
 * The previous release's app, for the check that it still runs on the current schema (expand/contract,
 * docs/migrations.md; scripts/previous-release.test.ts). Which revision is "previous":
 *   1. PREVIOUS_RELEASE=<rev> when set (a tag, a branch, a commit);
 *   2. else the newest release tag (v*), when the migrations changed since it;
 *   3. else the app as it was just before the newest migration: the first parent of the last commit
 *      that changed drizzle/, or HEAD itself when drizzle/ has uncommitted changes.
 * (3) is what a deploy of this tree would run beside: the schema change and the code that needs it
 * arrive together, so the code before that commit is what still serves while the migration runs.
 *
 * Its tree is read with `git archive` (src/, drizzle/ and the package files), which needs the history
 * (a clean clone has it; a shallow one may not, and the check says so) but no work tree and no
 * `git worktree` registration; it runs on this checkout's node_modules.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: APP_DIR, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

export type PreviousRelease = { rev: string; commit: string; why: string };

/** The revision to check against (see the header), or why there is none. */
export function previousRelease(): PreviousRelease | { missing: string } {
  try {
    git('rev-parse', '--git-dir');
  } catch {
    return { missing: 'not a git checkout' };
  }
  const resolve = (rev: string) => git('rev-parse', '--verify', '--quiet', `${rev}^{commit}`);
  const fromEnv = process.env.PREVIOUS_RELEASE;
  if (fromEnv) return { rev: fromEnv, commit: resolve(fromEnv), why: 'PREVIOUS_RELEASE' };
  let tag = '';
  try {
    tag = git('describe', '--tags', '--abbrev=0', '--match', 'v*');
  } catch {
    // no release tag
  }
  if (tag && git('diff', '--name-only', tag, '--', 'drizzle') !== '') {
    return { rev: tag, commit: resolve(tag), why: 'the newest release tag' };
  }
  if (git('status', '--porcelain', '--', 'drizzle') !== '') {
    return { rev: 'HEAD', commit: resolve('HEAD'), why: 'HEAD (drizzle/ has uncommitted changes)' };
  }
  const last = git('log', '-1', '--format=%H', '--', 'drizzle');
  if (!last) return { missing: 'no commit changed drizzle/' };
  try {
    return {
      rev: `${last}^1`,
      commit: resolve(`${last}^1`),
      why: `the app before ${last.slice(0, 9)}, the newest migration's commit`,
    };
  } catch {
    return {
      missing: `the parent of ${last.slice(0, 9)} is not in this clone (shallow?): fetch the history`,
    };
  }
}

/**
 * Where `commit`'s app is kept for this checkout: under the OS temp directory, named by the commit and
 * by this checkout (its node_modules is linked in), so both integration projects and later runs reuse
 * one extraction. Reusing it also reuses tsx's cache of compiled files, which is keyed by each file's
 * path: a fresh directory per run had the old app's ~600 modules compiled again at every start.
 */
export function releaseDir(commit: string): string {
  const checkout = createHash('sha256').update(APP_DIR).digest('hex').slice(0, 8);
  return path.join(os.tmpdir(), `${RELEASE_PREFIX}${commit.slice(0, 12)}-${checkout}`);
}

const RELEASE_PREFIX = 'storefront-release-';
const WEEK_MS = 7 * 24 * 3600 * 1000;

/**
 * Extracts `commit`'s app into `dir` (once), with this checkout's node_modules; returns dir. It is
 * unpacked beside `dir` and renamed into place, so a directory that is there is whole, and two files
 * extracting at once (the PGlite and PostgreSQL projects) both end with it. Extractions of other
 * commits not used for a week are removed.
 */
export function extractRelease(commit: string, dir: string = releaseDir(commit)): string {
  if (existsSync(path.join(dir, 'src/server/main.ts'))) {
    const now = new Date();
    utimesSync(dir, now, now);
    return dir;
  }
  const partial = `${dir}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
  mkdirSync(partial, { recursive: true });
  try {
    const paths = ['src', 'drizzle', 'package.json', 'tsconfig.json'];
    const archive = execFileSync('git', ['archive', '--format=tar', commit, ...paths], {
      cwd: APP_DIR,
      maxBuffer: 512 * 1024 * 1024,
    });
    execFileSync('tar', ['-x', '-C', partial], { input: archive });
    symlinkSync(path.join(APP_DIR, 'node_modules'), path.join(partial, 'node_modules'));
    try {
      renameSync(partial, dir);
    } catch (err) {
      // Another process put it there first.
      if (!existsSync(path.join(dir, 'src/server/main.ts'))) throw err;
    }
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  pruneReleases(path.dirname(dir), dir);
  return dir;
}

function pruneReleases(parent: string, keep: string): void {
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(RELEASE_PREFIX)) continue;
    const full = path.join(parent, name);
    try {
      if (full !== keep && Date.now() - statSync(full).mtimeMs > WEEK_MS) {
        rmSync(full, { recursive: true, force: true });
      }
    } catch {
      // gone already
    }
  }
}
