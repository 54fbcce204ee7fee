// Render time of the branded e-mails: each message kind (the samples in src/server/email/previews.ts)
// rendered to its subject, text and HTML parts, after a warm-up. Prints the first (cold) render, then
// ms per render (mean and p95) for each kind.
// Run: NODE_ENV=production npm run bench:email   (or npx tsx scripts/bench/email-render.ts [renders per kind]);
// without NODE_ENV=production React runs its development build, about twice as slow.
import { performance } from 'node:perf_hooks';

const RENDERS = Number(process.argv[2] ?? 300);
const WARM_UP = 30;

const t0 = performance.now();
const { EMAIL_PREVIEWS } = await import('../../src/server/email/previews.js');
const imported = performance.now() - t0;
const t1 = performance.now();
EMAIL_PREVIEWS[0]!.render();
const cold = performance.now() - t1;
console.log(`import of the e-mail module ${imported.toFixed(0)} ms; first render ${cold.toFixed(1)} ms`);

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]!;
const all: number[] = [];
console.log(`${RENDERS} renders per kind after ${WARM_UP} warm-up renders:`);
for (const preview of EMAIL_PREVIEWS) {
  for (let i = 0; i < WARM_UP; i += 1) preview.render();
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RENDERS; i += 1) {
    const start = performance.now();
    const mail = preview.render();
    times.push(performance.now() - start);
    bytes = mail.html.length;
  }
  all.push(...times);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(
    `  ${preview.name.padEnd(26)} ${mean.toFixed(2)} ms per render (p95 ${p95(times).toFixed(2)} ms), ${(bytes / 1024).toFixed(1)} KB HTML`,
  );
}
const mean = all.reduce((a, b) => a + b, 0) / all.length;
console.log(`all kinds: ${mean.toFixed(2)} ms per render (p95 ${p95(all).toFixed(2)} ms)`);
