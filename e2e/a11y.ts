import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expectNoRawKeys } from './raw-keys.ts';
import { expect, test as base, type Fixtures, type Page, type PlaywrightTestArgs, type PlaywrightTestOptions } from '@playwright/test';
import { sharedContextFixtures, type SharedContextTestFixtures, type SharedContextWorkerFixtures } from './browser-context.ts';
import { serverFixtures, type ServerWorkerFixtures } from './server.ts';

/**
 * Accessibility, proven on the pages the suite visits (issue 16): axe-core runs on the page as it
 * is shown and the test fails on any serious or critical violation of WCAG 2.1 A/AA.
 *
 * Where it runs:
 * - page objects call `expectAccessible(page)` at their key points (a page shown, a dialog open);
 * - the `a11yAudit` fixture (auto, through `withA11y` in fixtures.ts) checks the last page of
 *   every test that uses the suite's `test`;
 * - specs/a11y.spec.ts opens every main page in Korean and in English.
 * A state (language, page path with ids folded, what is open) is checked once per run, whichever
 * worker gets there first (a marker file per state in E2E_A11Y_DIR, which playwright.config.ts
 * empties at the start of a run), so the many visits of the same page cost one run of axe.
 */
const IMPACTS_THAT_FAIL = new Set(['serious', 'critical']);
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const checked = new Set<string>();

/**
 * axe-core's source, the one @axe-core/playwright runs (resolved from it: the same version, and no
 * dependency of the suite's own).
 */
const axeSource = (createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as { source: string }).source;

/** A violation as the report needs it (the page returns only these: no passes over the wire). */
export interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe on the page as it is now and returns its violations of the WCAG 2.1 A/AA rules.
 *
 * A page without frames (every console page but a product's): axe.run in the page itself, axe
 * injected once per document (a later state of the same document reuses it). @axe-core/playwright's
 * `analyze()` does the same work in two passes — `runPartial` in the page, then `finishRun` in a new
 * blank tab that evaluates axe's 550 KB source again — which cost 2-4 s of CPU a check against
 * 0.5 s (docs/benchmarks-test-loop.md). A page with frames keeps `analyze()`: it injects axe into each
 * frame, cross-origin ones too, and joins their results.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (page.frames().length > 1) return (await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations;
  if (!(await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object'))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } };
    // A colour still moving is not the page's colour: a menu fading out as the page changes blends
    // its text into the background (axe reads the blend). Wait for the document's finite transitions
    // and animations to end, at most 3 s (a spinner's endless one is left running).
    const settleBy = performance.now() + 3000;
    while (
      performance.now() < settleBy &&
      document.getAnimations().some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity)
    ) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    // (Inline: this function runs in the page.) From here on, any change to the document is seen.
    const watched = window as unknown as { e2eA11yWatch?: { observer: MutationObserver; changed: boolean; passed: boolean } };
    watched.e2eA11yWatch?.observer.disconnect();
    const watch = {
      observer: new MutationObserver(() => {
        watch.changed = true;
      }),
      changed: false,
      passed: false,
    };
    watch.observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    watched.e2eA11yWatch = watch;
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return violations.map(({ id, impact, help, helpUrl, nodes }) => ({
      id,
      impact,
      help,
      helpUrl,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  }, TAGS);
}

/**
 * True when axe has passed this very document and not one node, attribute or text of it has
 * changed since the check began (a MutationObserver started with it): a later state of the page
 * that is the same DOM — typically the end of a test on the page a page object just checked —
 * needs no second run. A navigation (a new document), a route change or any data arriving makes it false.
 */
async function unchangedSincePassed(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const { e2eA11yWatch: watch } = window as unknown as { e2eA11yWatch?: { observer: MutationObserver; changed: boolean; passed: boolean } };
    return watch !== undefined && watch.passed && !watch.changed && watch.observer.takeRecords().length === 0;
  });
}

/** Marks the check that just ran on this document as passed (see unchangedSincePassed). */
async function markPassed(page: Page): Promise<void> {
  await page.evaluate(() => {
    const { e2eA11yWatch: watch } = window as unknown as { e2eA11yWatch?: { passed: boolean } };
    if (watch) watch.passed = true;
  });
}

/** True the first time the run meets `key` (in any worker): the caller checks it then. */
function firstInRun(key: string): boolean {
  if (checked.has(key)) return false;
  checked.add(key);
  const dir = process.env.E2E_A11Y_DIR;
  if (!dir) return true;
  mkdirSync(dir, { recursive: true });
  try {
    // 'wx': only one worker creates the marker; the other finds it there.
    writeFileSync(path.join(dir, createHash('sha256').update(key).digest('hex').slice(0, 32)), `${key}\n`, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * For measuring the suite (docs/benchmarks-test-loop.md): with E2E_METRICS_DIR set, one line per
 * check (its state, whether axe ran or what spared it, and its wall time) in `a11y-<worker pid>.jsonl`.
 */
function record(key: string, outcome: 'met before' | 'unchanged' | 'axe', began: number): void {
  const dir = process.env.E2E_METRICS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  appendFileSync(path.join(dir, `a11y-${process.pid}.jsonl`), `${JSON.stringify({ key, outcome, ms: Math.round(performance.now() - began) })}\n`);
}

/** The path with its ids folded: /org/<uuid>/dashboard and /org/<other uuid>/dashboard are one page. */
const pageKey = (url: string) => {
  const { pathname, searchParams } = new URL(url);
  const tab = searchParams.get('tab');
  return `${pathname.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gi, ':id')}${tab ? `?tab=${tab}` : ''}`;
};

/**
 * Runs axe on the page now (once per language, page and `state`) and fails on a serious or
 * critical violation, naming the rule, its help and the elements.
 */
export async function expectAccessible(page: Page, state = 'shown') {
  const began = performance.now();
  // Where the page is checked for access, it is checked for untranslated keys too (raw-keys.ts).
  await expectNoRawKeys(page);
  if (process.env.A11Y === 'off') return;
  const lang = (await page.locator('html').getAttribute('lang')) ?? '?';
  const key = `${lang} ${pageKey(page.url())} ${state}`;
  if (!firstInRun(key)) return record(key, 'met before', began);
  if (await unchangedSincePassed(page)) return record(key, 'unchanged', began);
  const violations = await axeViolations(page);
  record(key, 'axe', began);
  const failing = violations.filter((violation) => IMPACTS_THAT_FAIL.has(violation.impact ?? ''));
  const report = failing.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help} (${violation.helpUrl})\n${violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')} — ${node.failureSummary?.split('\n').join(' ')}`)
        .join('\n')}`,
  );
  expect(report, `axe on ${key}`).toEqual([]);
  await markPassed(page);
}

export interface A11yFixtures {
  /** Checks the page the test ends on (auto). */
  a11yAudit: void;
}

/** The fixture, for a `test.extend(a11yFixtures)` of any test built on Playwright's. */
export const a11yFixtures: Fixtures<A11yFixtures, object, PlaywrightTestArgs & PlaywrightTestOptions> = {
  a11yAudit: [
    async ({ page }, use, testInfo) => {
      await use();
      // A failed test's page is whatever it failed on: its own error is the one to read.
      if (testInfo.status !== testInfo.expectedStatus || page.isClosed() || page.url() === 'about:blank') return;
      await expectAccessible(page, 'end of test');
    },
    { auto: true },
  ],
};

/**
 * Playwright's `test` on this worker's own console server (server.ts: `baseURL` points at it), in
 * the worker's one browser context, cleared between tests (browser-context.ts), with the
 * accessibility check of every test's last page.
 */
export const test = base
  .extend<object, ServerWorkerFixtures>(serverFixtures)
  .extend<SharedContextTestFixtures, SharedContextWorkerFixtures>(sharedContextFixtures)
  .extend<A11yFixtures>(a11yFixtures);
