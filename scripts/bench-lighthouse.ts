/**
 * The console's first paint as a person opens it (issue 16): Lighthouse (from npm) drives Debian's
 * Chromium over the main pages, signed in as the demo OWNER, on the settings — the desktop
 * preset, simulated 10 Mbit/s and 40 ms round trips, no CPU slowdown — with a cold cache for each
 * run. Each page is measured RUNS times and the run with the median performance score is kept.
 *
 * Several targets may be measured in one run (the current build and, with
 * LIGHTHOUSE_BASELINE_DIST, an older build served by a second server on the same database), so a
 * before/after comparison is of figures taken on the same machine at the same time.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { launch, type Browser } from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from './chromium.ts';
import { signIn, type SignedIn } from './signed-in.ts';

/** The goals for every page. */
export const LIGHTHOUSE_GOALS = { performance: 90, lcpMs: 1000, tbtMs: 150 } as const;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const REPORT_DIR = join(import.meta.dirname, '../.tmp/lighthouse');

export interface LighthouseTarget {
  /** "after", "before"… */
  label: string;
  baseUrl: string;
}

export interface LighthouseFigure {
  target: string;
  page: string;
  path: string;
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes transferred for the page (all requests). */
  transferBytes: number;
  /** Bytes of script transferred. */
  scriptBytes: number;
  unusedScriptBytes: number;
  runs: number[];
}

/** The pages measured: the sign-in page signed out, the rest signed in. */
function pagesOf(session: SignedIn) {
  const org = `/org/${session.orgId}`;
  const project = `/project/${session.projectId}`;
  return [
    { page: 'sign-in', path: '/login', signedIn: false },
    { page: 'home', path: '/', signedIn: true },
    { page: 'organization dashboard', path: `${org}/dashboard`, signedIn: true },
    { page: 'organization members', path: `${org}/member`, signedIn: true },
    { page: 'organization settings (role groups)', path: `${org}/setting`, signedIn: true },
    { page: 'project dashboard', path: `${project}/dashboard`, signedIn: true },
    { page: 'project members', path: `${project}/member`, signedIn: true },
    { page: 'project role groups', path: `${project}/role-group`, signedIn: true },
  ];
}

const numeric = (lhr: { audits: Record<string, { numericValue?: number }> }, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

async function measureOnce(browser: Browser, url: string, cookies: SignedIn['cookies'] | null) {
  const page = await browser.newPage();
  try {
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.clearBrowserCookies');
    const origin = new URL(url);
    if (cookies) {
      await browser.setCookie(...cookies.map((cookie) => ({ ...cookie, domain: origin.hostname, path: '/' })));
    }
    const result = await lighthouse(
      url,
      {
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility'],
        // Storage is reset by hand above (cache and cookies); Lighthouse's own reset would sign out.
        disableStorageReset: true,
        skipAboutBlank: true,
        disableFullPageScreenshot: true,
      },
      {
        ...desktopConfig,
        settings: {
          ...desktopConfig.settings,
          throttlingMethod: 'simulate',
          // The page is quiet sooner than the defaults wait for (1 s each): shorter runs, same figures.
          pauseAfterFcpMs: 500,
          pauseAfterLoadMs: 500,
          networkQuietThresholdMs: 500,
          cpuQuietThresholdMs: 500,
          skipAudits: ['screenshot-thumbnails', 'final-screenshot', 'full-page-screenshot'],
          // A loaded machine may take long to paint; the figures are simulated from what it observed.
          maxWaitForFcp: 60_000,
          maxWaitForLoad: 90_000,
          throttling: { rttMs: 40, throughputKbps: 10 * 1024, cpuSlowdownMultiplier: 1, requestLatencyMs: 0, downloadThroughputKbps: 0, uploadThroughputKbps: 0 },
        },
      },
      page,
    );
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const finalUrl = lhr.finalDisplayedUrl;
    if (new URL(finalUrl).pathname !== origin.pathname) throw new Error(`lighthouse ${url} ended at ${finalUrl}`);
    const items = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
    return {
      lhr,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      fcpMs: numeric(lhr, 'first-contentful-paint'),
      lcpMs: numeric(lhr, 'largest-contentful-paint'),
      tbtMs: numeric(lhr, 'total-blocking-time'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
      transferBytes: items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      scriptBytes: items.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      unusedScriptBytes: (lhr.audits['unused-javascript']?.details as { overallSavingsBytes?: number } | undefined)?.overallSavingsBytes ?? 0,
    };
  } finally {
    await page.close();
  }
}

async function warmUp(browser: Browser, url: string, cookies: SignedIn['cookies'] | null) {
  const page = await browser.newPage();
  try {
    if (cookies) await browser.setCookie(...cookies.map((cookie) => ({ ...cookie, domain: new URL(url).hostname, path: '/' })));
    await page.goto(url, { waitUntil: 'networkidle0', timeout: 60_000 });
  } finally {
    await page.close();
  }
}

export async function benchLighthouse(targets: LighthouseTarget[], credentials: { email: string; password: string }): Promise<LighthouseFigure[]> {
  const browser = await launch({
    executablePath: chromiumPath(),
    args: [...chromiumArgs, '--headless=new'],
    headless: true,
  });
  const figures: LighthouseFigure[] = [];
  try {
    // Page by page, each build in turn: a change in the machine's load touches both alike.
    const sessions = await Promise.all(targets.map((target) => signIn(target.baseUrl, credentials.email, credentials.password)));
    // LIGHTHOUSE_PAGES=login,dashboard: only the pages whose path contains one of these (a quicker loop).
    const only = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
    const pages = pagesOf(sessions[0]!).map((_, index) => index);
    for (const index of pages) {
      for (const [at, target] of targets.entries()) {
        const session = sessions[at]!;
        const { page, path, signedIn } = pagesOf(session)[index]!;
        if (only && !only.some((part) => path.includes(part))) continue;
        // A first, unmeasured load warms the server (and its permission cache) like a day's use.
        // A warm-up that does not settle in time (a loaded machine) is not a measurement: go on.
        await warmUp(browser, `${target.baseUrl}${path}`, signedIn ? session.cookies : null).catch((error: unknown) => {
          process.stderr.write(`lighthouse warm-up ${path}: ${String(error)}; measuring anyway\n`);
        });
        const runs = [];
        for (let run = 0; run < RUNS; run++) {
          // A run Lighthouse could not finish (no paint in time on a loaded machine) is tried once more.
          const measure = () => measureOnce(browser, `${target.baseUrl}${path}`, signedIn ? session.cookies : null);
          runs.push(await measure().catch((error: unknown) => {
            process.stderr.write(`lighthouse ${path}: ${String(error)}; trying again\n`);
            return measure();
          }));
        }
        const sorted = [...runs].sort((a, b) => a.performance - b.performance);
        const { lhr, ...median } = sorted[Math.floor(sorted.length / 2)]!;
        // The full report of the median run, to read where the time went (not committed).
        await mkdir(REPORT_DIR, { recursive: true });
        await writeFile(join(REPORT_DIR, `${target.label}-${page}.json`.replace(/[^\w.-]+/g, '_')), JSON.stringify(lhr));
        figures.push({
          target: target.label,
          page,
          path: path.replace(session.orgId, '{orgId}').replace(session.projectId, '{projectId}'),
          ...median,
          runs: runs.map((run) => run.performance),
        });
        process.stderr.write(`lighthouse ${target.label} ${path}: ${median.performance} (${runs.map((run) => run.performance).join(', ')})\n`);
      }
    }
  } finally {
    await browser.close();
  }
  return figures;
}

const kib = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export function meetsLighthouseGoals(figure: LighthouseFigure) {
  return figure.performance >= LIGHTHOUSE_GOALS.performance && figure.lcpMs <= LIGHTHOUSE_GOALS.lcpMs && figure.tbtMs <= LIGHTHOUSE_GOALS.tbtMs;
}

/** The section of docs/benchmarks.md. */
export function lighthouseSection(figures: LighthouseFigure[], note: string) {
  const targets = [...new Set(figures.map((figure) => figure.target))];
  const current = figures.filter((figure) => figure.target === targets[0]);
  const met = current.filter(meetsLighthouseGoals).length;
  return [
    '## First paint: Lighthouse on the main pages (issue 16)',
    '',
    `Lighthouse ${lighthouseVersion} (npm) in Debian's Chromium, desktop preset, simulated 10 Mbit/s and 40 ms round trips, no CPU slowdown,`,
    `cold cache, against \`npm start\`'s server on loopback, signed in as the demo OWNER (the sign-in page signed out).`,
    `Each page: one warm-up load, then ${RUNS} measured; the run with the median performance score is shown (all scores in "runs").`,
    `Goals: performance ≥ ${LIGHTHOUSE_GOALS.performance}, LCP ≤ ${seconds(LIGHTHOUSE_GOALS.lcpMs)}, total blocking time ≤ ${LIGHTHOUSE_GOALS.tbtMs} ms. Met by "${targets[0]}": ${met} of ${current.length}.`,
    note,
    '',
    '| build | page | path | performance | runs | accessibility | FCP | LCP | TBT | CLS | transferred | of which JS | unused JS | goals met |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...figures.map(
      (figure) =>
        `| ${figure.target} | ${figure.page} | \`${figure.path}\` | ${figure.performance} | ${figure.runs.join(', ')} | ${figure.accessibility} | ${seconds(figure.fcpMs)} | ${seconds(figure.lcpMs)} | ${Math.round(figure.tbtMs)} ms | ${figure.cls.toFixed(3)} | ${kib(figure.transferBytes)} | ${kib(figure.scriptBytes)} | ${kib(figure.unusedScriptBytes)} | ${meetsLighthouseGoals(figure) ? 'yes' : '**no**'} |`,
    ),
    ...comparison(figures, targets),
  ].join('\n');
}

const ratio = (now: number, before: number) => (before > 0 ? `${(now / before).toFixed(2)}×` : '-');

/** With a baseline build measured in the same run: each page's figures of this build as ratios to it. */
function comparison(figures: LighthouseFigure[], targets: string[]) {
  if (targets.length < 2) return [];
  const [current, baseline] = targets;
  const rows = figures
    .filter((figure) => figure.target === current)
    .flatMap((now) => {
      const before = figures.find((figure) => figure.target === baseline && figure.page === now.page);
      if (!before) return [];
      return [
        `| ${now.page} | ${before.performance} → ${now.performance} | ${seconds(before.lcpMs)} → ${seconds(now.lcpMs)} (${ratio(now.lcpMs, before.lcpMs)}) | ${Math.round(before.tbtMs)} → ${Math.round(now.tbtMs)} ms (${ratio(now.tbtMs, before.tbtMs)}) | ${kib(before.transferBytes)} → ${kib(now.transferBytes)} (${ratio(now.transferBytes, before.transferBytes)}) |`,
      ];
    });
  return [
    '',
    `"${current}" against "${baseline}", measured in the same run (ratios: this build ÷ the baseline):`,
    '',
    '| page | performance | LCP | TBT | transferred |',
    '|---|---|---|---|---|',
    ...rows,
  ];
}

const lighthouseVersion = (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version;
