/**
 * `npm test`: everything a change can break, in order, stopping at the first failure:
 * the lock file (CI installs with `npm ci`, which refuses a lock file that `npm install` accepted,
 * e.g. when the registry lacks an optional platform binding), type check, lint, unit (contracts, api, web), API integration on a real PostgreSQL, production
 * build, each route's first-paint JS against its budget, end-to-end in Chromium. `npm test -- --skip e2e,build` skips steps; `--only api` runs one.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from './chromium.ts';

interface Step {
  name: string;
  run: () => number;
}

const npm = (...args: string[]) => () => spawnSync('npm', ['run', '--silent', ...args], { stdio: 'inherit' }).status ?? 1;

const steps: Step[] = [
  {
    name: 'lockfile',
    run: () =>
      spawnSync('npm', ['ci', '--dry-run', '--no-audit', '--no-fund', '--loglevel=error'], { stdio: 'inherit' })
        .status ?? 1,
  },
  { name: 'typecheck', run: npm('typecheck') },
  { name: 'lint', run: npm('lint') },
  { name: 'unit', run: npm('test:unit') },
  { name: 'api', run: npm('test:api') },
  { name: 'build', run: npm('build') },
  // Each route's first-paint JS (gzip) against apps/web/bundle-budget.json (scripts/web-budget.ts).
  { name: 'budget', run: npm('budget') },
  {
    name: 'e2e',
    run: () => {
      if (!ensureChromium()) return 1;
      return npm('test:e2e')();
    },
  },
];

function ensureChromium(): boolean {
  if (existsSync(chromiumPath())) return true;
  process.stdout.write(`Chromium is missing at ${chromiumPath()}; installing Debian's chromium package\n`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args: string[]) =>
    spawnSync(sudo[0] ?? args[0]!, sudo.length ? args : args.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  if (!run(['apt-get', 'install', '-y', '--no-install-recommends', 'chromium'])) {
    run(['apt-get', 'update']);
    run(['apt-get', 'install', '-y', '--no-install-recommends', 'chromium']);
  }
  if (existsSync(chromiumPath())) return true;
  process.stderr.write('Could not install chromium; set CHROMIUM_PATH to a Chromium or Chrome binary.\n');
  return false;
}

const argv = process.argv.slice(2);
const listArg = (flag: string) => {
  const index = argv.indexOf(flag);
  return index >= 0 ? (argv[index + 1] ?? '').split(',').filter(Boolean) : [];
};
const only = listArg('--only');
const skip = listArg('--skip');

const results: string[] = [];
const started = Date.now();
for (const step of steps) {
  if ((only.length && !only.includes(step.name)) || skip.includes(step.name)) continue;
  process.stdout.write(`\n=== ${step.name}\n`);
  const stepStart = Date.now();
  const status = step.run();
  const seconds = ((Date.now() - stepStart) / 1000).toFixed(1);
  results.push(`${status === 0 ? 'ok  ' : 'FAIL'} ${step.name.padEnd(10)} ${seconds} s`);
  // Each step's time as it ends (the table of all of them comes at the end).
  process.stdout.write(`=== ${step.name}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds} s\n`);
  if (status !== 0) {
    process.stdout.write(`\n${results.join('\n')}\n\nnpm test failed at ${step.name}\n`);
    process.exit(status);
  }
}
process.stdout.write(`\n${results.join('\n')}\n\nall passed in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
