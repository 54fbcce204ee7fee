import type { TestProject } from 'vitest/node';
import { startReplica, stopReplica } from '../../../scripts/replica.js';

// Vitest globalSetup of the `replica` project: starts a streaming replica of the test server
// (scripts/replica.ts; reused when one already runs) and hands its URL to the tests. The last test run
// using it stops it and removes its data directory.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The replica's URL (database postgres); the tests open their own database's name there. */
    replicaUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const { url } = await startReplica({ user: true });
  project.provide('replicaUrl', url);
  return async () => {
    await stopReplica({ user: true });
  };
}
