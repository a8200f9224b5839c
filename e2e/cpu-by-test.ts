/**
 * Where an e2e run's CPU went, by spec file and by test (test loop, issue 8; docs/benchmarks-test-loop.md):
 * joins Playwright's JSON report with `cpu-sampler.ts`'s samples. A test's CPU is its worker's processes'
 * (the Playwright worker, its Chromium with every renderer, its console server, PostgreSQL and product)
 * over the test's start and end, so what a worker does between tests (its server's start) is left out.
 *
 *   node e2e/cpu-by-test.ts <run.json> <run.jsonl> [tests to list = 20]
 *
 * <run.json>: `PLAYWRIGHT_JSON_OUTPUT_NAME=<run.json> playwright test --reporter=dot,json`;
 * <run.jsonl>: `node e2e/cpu-sampler.ts <run.jsonl> -- <that command>`.
 */
import { readFileSync } from 'node:fs';

interface Sample {
  t: number;
  groups: Record<string, number>;
  ports: Record<string, number>;
}
interface Result {
  startTime: string;
  duration: number;
  parallelIndex: number;
  status: string;
}
interface Suite {
  file?: string;
  suites?: Suite[];
  specs?: { file: string; title: string; tests: { results: Result[] }[] }[];
}

const [jsonPath = '', samplesPath = '', listArg = '20'] = process.argv.slice(2);
if (!jsonPath || !samplesPath) {
  process.stderr.write('usage: node e2e/cpu-by-test.ts <run.json> <run.jsonl> [tests to list]\n');
  process.exit(2);
}
const report = JSON.parse(readFileSync(jsonPath, 'utf8')) as { suites: Suite[] };
const samples = readFileSync(samplesPath, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Sample);
const last = samples.at(-1);
if (!last) throw new Error(`${samplesPath}: no samples`);

// Worker n's server listens on E2E_PORT + 2n (server.ts): the sampler's groups are named by the
// worker's pid, and it noted each one's server port.
const basePort = Math.min(...Object.values(last.ports));
const groupOf = new Map(Object.entries(last.ports).map(([group, port]) => [(port - basePort) / 2, group]));

/** The CPU seconds of `group`'s processes by kind, as sampled last at or before `t`. */
function cpuAt(group: string, t: number): Record<string, number> {
  let best = samples[0]!;
  for (const sample of samples) {
    if (sample.t > t) break;
    best = sample;
  }
  const byKind: Record<string, number> = {};
  for (const [key, cpu] of Object.entries(best.groups)) {
    const [owner, kind = '?'] = key.split('/');
    if (owner === group) byKind[kind] = (byKind[kind] ?? 0) + cpu;
  }
  return byKind;
}

interface Row {
  file: string;
  title: string;
  seconds: number;
  cpu: number;
  renderers: number;
  servers: number;
  status: string;
}
const rows: Row[] = [];
function walk(suite: Suite) {
  for (const inner of suite.suites ?? []) walk(inner);
  for (const spec of suite.specs ?? []) {
    for (const result of spec.tests.flatMap((test) => test.results)) {
      const group = groupOf.get(result.parallelIndex);
      if (!group) continue;
      const start = Date.parse(result.startTime);
      // Half a sampling period past the end: the sample that saw the test's last work.
      const before = cpuAt(group, start);
      const after = cpuAt(group, start + result.duration + 250);
      const spent = (kind: string) => (after[kind] ?? 0) - (before[kind] ?? 0);
      rows.push({
        file: spec.file,
        title: spec.title,
        seconds: result.duration / 1000,
        cpu: Object.keys(after).reduce((sum, kind) => sum + spent(kind), 0),
        renderers: spent('chromium-renderer'),
        servers: spent('server') + spent('postgres') + spent('product'),
        status: result.status,
      });
    }
  }
}
for (const suite of report.suites) walk(suite);

const files = new Map<string, { tests: number; seconds: number; cpu: number; renderers: number }>();
for (const row of rows) {
  const file = files.get(row.file) ?? { tests: 0, seconds: 0, cpu: 0, renderers: 0 };
  files.set(row.file, { tests: file.tests + 1, seconds: file.seconds + row.seconds, cpu: file.cpu + row.cpu, renderers: file.renderers + row.renderers });
}
const total = rows.reduce((sum, row) => sum + row.cpu, 0);
const out: string[] = ['file                          tests   test time   CPU     share  renderers'];
for (const [file, each] of [...files].sort((a, b) => b[1].cpu - a[1].cpu)) {
  out.push(
    `${file.padEnd(30)}${String(each.tests).padStart(5)}${each.seconds.toFixed(1).padStart(10)} s${each.cpu.toFixed(1).padStart(7)} s${((100 * each.cpu) / total).toFixed(1).padStart(7)} %${each.renderers.toFixed(1).padStart(8)} s`,
  );
}
const lastSample = last.groups;
const seen = Object.values(lastSample).reduce((sum, cpu) => sum + cpu, 0);
out.push(`${rows.length} tests: ${total.toFixed(1)} s of CPU in tests, of ${seen.toFixed(1)} s the sampler saw in all (the rest: server starts, Playwright's own start and end)`);
out.push('', 'tests by CPU (s of CPU, s of wall, renderers, servers with PostgreSQL and the product):');
for (const row of [...rows].sort((a, b) => b.cpu - a.cpu).slice(0, Number(listArg))) {
  out.push(`${row.cpu.toFixed(1).padStart(6)}${row.seconds.toFixed(1).padStart(7)}${row.renderers.toFixed(1).padStart(7)}${row.servers.toFixed(1).padStart(6)}  ${row.file} › ${row.title.slice(0, 90)}${row.status === 'passed' ? '' : ` (${row.status})`}`);
}
process.stdout.write(`${out.join('\n')}\n`);
