// Rebuilds the benchmark rollup now, as the scheduler in `npm start` does nightly at BENCHMARK_ROLLUP_AT
// (UTC). Safe to repeat. See README 'Score alerts and benchmarks'.
//   npm run benchmark-rollup
import { rollupBenchmarks } from '../src/server/benchmarks/index.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { runCommand } from './run-command.js';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const result = await rollupBenchmarks(database.db);
    console.log(`Benchmark rollup on ${database.kind}: ${result.rows} rows in ${result.ms} ms.`);
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main);
