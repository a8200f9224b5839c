/**
 * What a test's browser context costs (test loop, issue 8): N "tests" of the suite's shape — sign in
 * through the API, open the home page, wait until the console names the person — each in a fresh
 * context (Playwright's default) or in one context cleared between them (browser-context.ts),
 * alternating rounds, against a running console server. Prints, per way, the Chromium CPU time (user
 * + system of the browser's processes, from /proc), the wall time and the script and style
 * responses that came from the server rather than the cache.
 *
 *   node e2e/context-cost.ts http://127.0.0.1:19110 [tests per round = 6] [rounds = 2]
 */
import { chromium, type BrowserContext } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.ts';
import { readProcs } from './proc-cpu.ts';

const [baseURL = 'http://127.0.0.1:19110', perRoundArg = '6', roundsArg = '2'] = process.argv.slice(2);
const perRound = Number(perRoundArg);
const rounds = Number(roundsArg);

/** CPU seconds (user + system) of `root` and every process under it. */
function treeCpu(root: number): number {
  const procs = readProcs();
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of procs) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  let total = 0;
  const walk = (pid: number) => {
    total += procs.get(pid)?.cpu ?? 0;
    for (const child of children.get(pid) ?? []) walk(child);
  };
  walk(root);
  return total;
}

/** One "test" in `context`: API sign-in, the home page, the person's name; returns the scripts and styles the server sent. */
async function oneTest(context: BrowserContext): Promise<number> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const fromServer = new Map<string, boolean>();
  cdp.on('Network.responseReceived', ({ requestId, response, type }) => {
    if ((type === 'Script' || type === 'Stylesheet') && !response.fromDiskCache) fromServer.set(requestId, true);
  });
  cdp.on('Network.requestServedFromCache', ({ requestId }) => fromServer.set(requestId, false));
  await cdp.send('Network.enable');
  const answer = await page.request.post('/api/auth/v1/login', { data: { email: 'owner@demo.example.com', password: 'Console#2026' } });
  if (!answer.ok()) throw new Error(`sign-in: ${answer.status()}`);
  await page.goto('/');
  await page.getByTestId('my-menu').filter({ hasText: 'Kim Owner' }).waitFor({ timeout: 120_000 });
  await cdp.detach();
  await page.close();
  return [...fromServer.values()].filter(Boolean).length;
}

const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
// The browser process: the one this script started, with Playwright's debugging pipe.
const browserPid = [...readProcs()].find(([, proc]) => proc.ppid === process.pid && proc.cmd.includes('--remote-debugging-pipe'))?.[0] ?? NaN;
const options = { baseURL, locale: 'ko-KR', timezoneId: 'Asia/Seoul', viewport: { width: 1280, height: 720 } };
const totals = { fresh: { cpu: 0, wall: 0, downloads: 0, tests: 0 }, shared: { cpu: 0, wall: 0, downloads: 0, tests: 0 } };
let shared: BrowserContext | undefined;
for (let round = 0; round < rounds; round++) {
  for (const way of ['fresh', 'shared'] as const) {
    const cpuBefore = treeCpu(browserPid);
    const started = performance.now();
    for (let test = 0; test < perRound; test++) {
      if (way === 'fresh') {
        const context = await browser.newContext(options);
        totals.fresh.downloads += await oneTest(context);
        await context.close();
      } else {
        shared ??= await browser.newContext(options);
        await shared.clearCookies();
        await shared.clearPermissions();
        totals.shared.downloads += await oneTest(shared);
      }
    }
    totals[way].wall += (performance.now() - started) / 1000;
    totals[way].cpu += treeCpu(browserPid) - cpuBefore;
    totals[way].tests += perRound;
  }
}
await browser.close();
for (const [way, total] of Object.entries(totals)) {
  process.stdout.write(
    `${way}: ${total.tests} tests, Chromium CPU ${(total.cpu / total.tests).toFixed(2)} s a test, wall ${(total.wall / total.tests).toFixed(2)} s a test, ${(total.downloads / total.tests).toFixed(1)} scripts and styles from the server a test\n`,
  );
}
