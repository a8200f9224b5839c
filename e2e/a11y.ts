import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
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
  // Where the page is checked for access, it is checked for untranslated keys too (raw-keys.ts).
  await expectNoRawKeys(page);
  if (process.env.A11Y === 'off') return;
  const lang = (await page.locator('html').getAttribute('lang')) ?? '?';
  const key = `${lang} ${pageKey(page.url())} ${state}`;
  if (!firstInRun(key)) return;
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const failing = results.violations.filter((violation) => IMPACTS_THAT_FAIL.has(violation.impact ?? ''));
  const report = failing.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help} (${violation.helpUrl})\n${violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')} — ${node.failureSummary?.split('\n').join(' ')}`)
        .join('\n')}`,
  );
  expect(report, `axe on ${key}`).toEqual([]);
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
