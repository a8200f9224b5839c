/**
 * `node scripts/profile-page.ts`: where one page's main-thread time goes, build against build, in
 * one run (issue 16: the organization settings page blocked 2.4× longer on Preact than on React).
 *
 * Each target is a running server (`PROFILE_TARGETS=preact=http://127.0.0.1:3110,react=http://127.0.0.1:19110`,
 * each serving its build through WEB_DIST_DIR, built with `--sourcemap`). The page
 * (`PROFILE_PATH`, `{orgId}` and `{projectId}` filled in; the organization settings by default) is
 * opened cold (new browser context) `PROFILE_RUNS` times per target, the targets alternating, signed
 * in as the demo OWNER; after a warm-up load per target. Each load records:
 * - the long tasks (PerformanceObserver 'longtask', from the start of navigation until the page is
 *   quiet): blocking time = Σ max(0, duration − 50 ms), as Lighthouse's TBT counts it;
 * - with `PROFILE_CPU=1`, a CDP Profiler profile (sampling every 200 µs), its self time mapped
 *   back through the build's source maps (`PROFILE_DIST_<TARGET>`, e.g. PROFILE_DIST_PREACT) to the
 *   source file and function, summed over the runs and printed by target (ms per load).
 * The main-thread CPU time of the renderer process (Performance.getMetrics' TaskDuration) is
 * printed too, and each load's tasks over 50 ms by their CPU time (the trace's RunTask thread
 * duration) — "CPU blocking", Σ max(0, CPU − 50 ms): on a machine others load, a task's wall time
 * grows with the wait for a core, its CPU time does not.
 * (@jridgewell/trace-mapping comes with the build tools, not as a dependency of its own.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { launch, type Browser } from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from './chromium.ts';
import { signIn, type SignedIn as Session } from './signed-in.ts';

const RUNS = Number(process.env.PROFILE_RUNS ?? 5);
const PATH = process.env.PROFILE_PATH ?? '/org/{orgId}/setting';
/** A selector present once the page has rendered what it shows (the last section of org settings). */
const READY = process.env.PROFILE_READY ?? '[data-testid="org-time-zone-select"]';
const CPU = process.env.PROFILE_CPU === '1';
const TOP = Number(process.env.PROFILE_TOP ?? 25);
const targets = (process.env.PROFILE_TARGETS ?? 'preact=http://127.0.0.1:3110,react=http://127.0.0.1:19110').split(',').map((entry) => {
  const [label, baseUrl] = entry.split('=') as [string, string];
  return { label, baseUrl };
});

const OBSERVE_LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
`;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: (ProfileNode & { children?: number[] })[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

interface Load {
  longTasks: { start: number; duration: number }[];
  /** The renderer main thread's tasks over 50 ms by their CPU time (trace RunTask's thread duration), ms after navigation. */
  cpuTasks: { start: number; duration: number; cpu: number }[];
  cpuBlockingMs: number;
  /** CPU time of all the main thread's tasks (ms). */
  cpuTotalMs: number;
  blockingMs: number;
  taskMs: number;
  scriptMs: number;
  profile?: Profile;
  /** Navigation start on the profile's clock (µs). */
  navigationStartUs: number;
}

async function loadOnce(browser: Browser, url: string, session: Session): Promise<Load> {
  const context = await browser.createBrowserContext();
  try {
    await context.setCookie(...session.cookies.map((cookie) => ({ ...cookie, domain: new URL(url).hostname, path: '/' })));
    const page = await context.newPage();
    await page.setViewport({ width: 1350, height: 940 });
    await page.evaluateOnNewDocument(OBSERVE_LONG_TASKS);
    const cdp = await page.createCDPSession();
    await cdp.send('Performance.enable');
    if (CPU) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const before = await cdp.send('Performance.getMetrics');
    const metric = (metrics: typeof before, name: string) => metrics.metrics.find((each) => each.name === name)?.value ?? 0;
    await page.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForSelector(READY, { timeout: 60_000 });
    await page.waitForNetworkIdle({ idleTime: 500, timeout: 60_000 });
    // The idle-time work after the last response (e.g. the time zone labels): until 1 s without a long task.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const profile = CPU ? ((await cdp.send('Profiler.stop')).profile as unknown as Profile) : undefined;
    const trace = JSON.parse(new TextDecoder().decode(await page.tracing.stop())) as { traceEvents: TraceEvent[] };
    const after = await cdp.send('Performance.getMetrics');
    const navigationStartUs = metric(after, 'NavigationStart') * 1e6;
    const allTasks = mainThreadTasks(trace.traceEvents);
    const cpuTasks = allTasks
      .filter((task) => task.cpu > 50)
      .map((task) => ({ start: (task.ts - navigationStartUs) / 1000, duration: task.dur, cpu: task.cpu }));
    const longTasks = (await page.evaluate('window.__longTasks')) as Load['longTasks'];
    return {
      longTasks,
      cpuTasks,
      cpuBlockingMs: cpuTasks.reduce((sum, task) => sum + Math.max(0, task.cpu - 50), 0),
      cpuTotalMs: cpuOf(allTasks),
      blockingMs: longTasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
      taskMs: (metric(after, 'TaskDuration') - metric(before, 'TaskDuration')) * 1000,
      scriptMs: (metric(after, 'ScriptDuration') - metric(before, 'ScriptDuration')) * 1000,
      ...(profile ? { profile } : {}),
      navigationStartUs,
    };
  } finally {
    await context.close();
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** The top-level tasks of the busiest renderer main thread: start (µs), wall and CPU duration (ms). */
function mainThreadTasks(events: TraceEvent[]) {
  const mains = new Set(events.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}:${event.tid}`));
  const byThread = new Map<string, { ts: number; dur: number; cpu: number }[]>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.name !== 'RunTask' || event.ph !== 'X' || !mains.has(thread)) continue;
    const tasks = byThread.get(thread) ?? [];
    tasks.push({ ts: event.ts, dur: (event.dur ?? 0) / 1000, cpu: (event.tdur ?? event.dur ?? 0) / 1000 });
    byThread.set(thread, tasks);
  }
  return [...byThread.values()].sort((a, b) => cpuOf(b) - cpuOf(a))[0] ?? [];
}
const cpuOf = (tasks: { cpu: number }[]) => tasks.reduce((sum, task) => sum + task.cpu, 0);

/** Source maps of a build, by the script's file name. */
function sourceMaps(dist: string | undefined) {
  const maps = new Map<string, TraceMap>();
  if (!dist) return maps;
  const assets = path.join(dist, 'assets');
  for (const file of readdirSync(assets)) {
    if (file.endsWith('.js.map')) maps.set(file.slice(0, -4), new TraceMap(readFileSync(path.join(assets, file), 'utf8')));
  }
  return maps;
}

const shortSource = (source: string) => {
  const at = source.lastIndexOf('node_modules/');
  if (at >= 0) return source.slice(at + 'node_modules/'.length);
  const app = source.indexOf('apps/web/');
  return app >= 0 ? source.slice(app) : source;
};

/** Self time (ms) by "source file" and by "function (source file:line)", of the samples within `window` (ms after navigation start). */
function selfTimes(profile: Profile, maps: Map<string, TraceMap>, navigationStartUs = 0, window?: { start: number; end: number }) {
  const self = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    const ms = (at - navigationStartUs) / 1000;
    if (window && (ms < window.start || ms > window.end)) return;
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index + 1] ?? delta) / 1000);
  });
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = self.get(node.id);
    if (!ms) continue;
    const { url, lineNumber, columnNumber, functionName } = node.callFrame;
    const map = maps.get(url.split('/').pop() ?? '');
    let file = url ? url.replace(/^https?:\/\/[^/]+/, '') : `(${functionName || 'native'})`;
    let name = functionName || '(anonymous)';
    let line = lineNumber + 1;
    if (map && lineNumber >= 0) {
      const original = originalPositionFor(map, { line: lineNumber + 1, column: Math.max(0, columnNumber) });
      if (original.source) {
        file = shortSource(original.source);
        line = original.line ?? line;
        if (original.name) name = original.name;
      }
    }
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
    const key = `${name} (${file}:${line})`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
  }
  return { byFile, byFunction };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
};
const round = (value: number) => Math.round(value);

async function main() {
  const browser = await launch({ executablePath: chromiumPath(), args: [...chromiumArgs, '--headless=new'], headless: true });
  try {
    const sessions = await Promise.all(targets.map((target) => signIn(target.baseUrl, 'owner@demo.example.com', 'Console#2026')));
    const urls = targets.map((target, at) =>
      `${target.baseUrl}${PATH.replace('{orgId}', sessions[at]!.orgId).replace('{projectId}', sessions[at]!.projectId)}`,
    );
    for (const [at] of targets.entries()) await loadOnce(browser, urls[at]!, sessions[at]!);
    const loads: Load[][] = targets.map(() => []);
    for (let run = 0; run < RUNS; run++) {
      for (const [at, target] of targets.entries()) {
        const load = await loadOnce(browser, urls[at]!, sessions[at]!);
        loads[at]!.push(load);
        process.stdout.write(
          `${target.label} run ${run + 1}: CPU blocking ${round(load.cpuBlockingMs)} ms [${load.cpuTasks.map((task) => `${round(task.cpu)}/${round(task.duration)}@${round(task.start)}`).join(' ')}], blocking ${round(load.blockingMs)} ms, long tasks [${load.longTasks.map((task) => `${round(task.duration)}@${round(task.start)}`).join(' ')}], main thread ${round(load.taskMs)} ms (script ${round(load.scriptMs)} ms)\n`,
        );
      }
    }
    process.stdout.write('\nmedian per target:\n');
    for (const [at, target] of targets.entries()) {
      const of = loads[at]!;
      process.stdout.write(
        `  ${target.label}: CPU blocking ${round(median(of.map((load) => load.cpuBlockingMs)))} ms (${of.map((load) => round(load.cpuBlockingMs)).join(', ')}), CPU in all tasks ${round(median(of.map((load) => load.cpuTotalMs)))} ms, blocking ${round(median(of.map((load) => load.blockingMs)))} ms (${of.map((load) => round(load.blockingMs)).join(', ')}), ` +
          `main thread ${round(median(of.map((load) => load.taskMs)))} ms, script ${round(median(of.map((load) => load.scriptMs)))} ms\n`,
      );
    }
    if (!CPU) return;
    for (const [at, target] of targets.entries()) {
      const maps = sourceMaps(process.env[`PROFILE_DIST_${target.label.toUpperCase()}`]);
      const byFile = new Map<string, number>();
      const byFunction = new Map<string, number>();
      for (const load of loads[at]!) {
        const times = selfTimes(load.profile!, maps);
        for (const [key, ms] of times.byFile) byFile.set(key, (byFile.get(key) ?? 0) + ms / RUNS);
        for (const [key, ms] of times.byFunction) byFunction.set(key, (byFunction.get(key) ?? 0) + ms / RUNS);
      }
      const top = (map: Map<string, number>) =>
        [...map]
          .filter(([key]) => key !== '(idle)' && !key.startsWith('(idle)'))
          .sort((a, b) => b[1] - a[1])
          .slice(0, TOP)
          .map(([key, ms]) => `    ${ms.toFixed(1).padStart(7)} ms  ${key}`)
          .join('\n');
      process.stdout.write(`\n${target.label}: self time per load by source file\n${top(byFile)}\n`);
      process.stdout.write(`${target.label}: self time per load by function\n${top(byFunction)}\n`);
      // The long tasks of each load, with the source files their time went to.
      for (const [run, load] of loads[at]!.entries()) {
        for (const task of load.cpuTasks) {
          const times = selfTimes(load.profile!, maps, load.navigationStartUs, { start: task.start, end: task.start + task.duration });
          const files = [...times.byFile].sort((a, b) => b[1] - a[1]).slice(0, 6);
          const fns = [...times.byFunction].sort((a, b) => b[1] - a[1]).slice(0, 4);
          process.stdout.write(
            `  run ${run + 1} task ${round(task.cpu)} ms CPU (${round(task.duration)} wall) @${round(task.start)}: ${files.map(([key, ms]) => `${key} ${round(ms)}`).join(', ')}\n      ${fns.map(([key, ms]) => `${key} ${round(ms)}`).join(' | ')}\n`,
          );
        }
      }
    }
  } finally {
    await browser.close();
  }
}

await main();
