import type { BrowserContext, Fixtures, Page, PlaywrightTestArgs, PlaywrightTestOptions, PlaywrightWorkerArgs, PlaywrightWorkerOptions } from '@playwright/test';

/**
 * One browser context per worker, cleared between tests (test loop, issue 8).
 *
 * A fresh Playwright context starts with an empty HTTP cache, so its first page downloads and
 * compiles the console's 100-144 script and style chunks again: ≈ 1-2 s of Chromium CPU per test,
 * 85 % of the e2e servers' requests (docs/benchmarks-test-loop.md). Here the `context` of every test
 * in a worker is the same Chromium context, so the hashed assets (cached for a year, immutable) come
 * from its cache. The `page` is new for each test (a fresh tab: its own sessionStorage, listeners,
 * routes and init scripts), and everything a test can leave in the context is cleared before the
 * next one starts:
 * - cookies (the session, the CSRF token, the language), granted permissions, context routes;
 * - every origin the context has reached: localStorage, IndexedDB, Cache Storage, service workers,
 *   file systems (CDP `Storage.clearDataForOrigin`); the HTTP cache is kept on purpose;
 * - the pages left open (a second tab of the test) are closed as the test ends.
 * `specs/isolation.spec.ts` proves it: a signed-in test with storage and a permission, then a test
 * that finds none of it in the same context.
 *
 * What stays a context of its own: `browser.newContext()` / `browser.newPage()` (a second person),
 * a test whose context options differ from the worker's context (a new shared one is made for it),
 * and `E2E_FRESH_CONTEXTS=1`, which gives every test a new context as Playwright does by default.
 * A failed test ends its worker (Playwright starts a new one), so its context never meets another test.
 */

/** The storage of an origin that a test may leave behind; `cookies` are cleared context-wide, the HTTP cache kept. */
const STORAGE_TYPES = 'local_storage,indexeddb,websql,cache_storage,service_workers,file_systems';

interface SharedContext {
  context: BrowserContext;
  /** The context options it was made with (JSON): a test with others gets a context of its own. */
  key: string;
  /** Every http(s) origin a frame of the context showed a document of: the ones to clear. */
  origins: Set<string>;
  /** Tests that have used it. */
  tests: number;
  /** The tab made (and cleared through) for the test about to run: its `page`. */
  nextPage?: Page;
}

export interface SharedContextWorkerFixtures {
  /** The worker's shared browser context, made by the first test that needs one. */
  _sharedContext: { current?: SharedContext };
}

export interface SharedContextTestFixtures {
  /** How many earlier tests used this test's browser context (0: a context new to this test). */
  contextReuseCount: number;
}

const freshContexts = () => process.env.E2E_FRESH_CONTEXTS === '1';

/** Clears what the earlier tests left in `shared`, through the CDP session of `page` (a tab of that context). */
async function clearForNextTest(shared: SharedContext, page: Page): Promise<void> {
  const { context } = shared;
  await context.clearCookies();
  await context.clearPermissions();
  await context.unrouteAll({ behavior: 'wait' });
  const cdp = await context.newCDPSession(page);
  try {
    for (const origin of shared.origins) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: STORAGE_TYPES });
  } finally {
    await cdp.detach();
  }
}

/** Notes the origin of every document shown in the context's tabs (and their frames). */
function trackOrigins(context: BrowserContext, origins: Set<string>): void {
  context.on('page', (page) =>
    page.on('framenavigated', (frame) => {
      const url = new URL(frame.url());
      if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
    }),
  );
}

export const sharedContextFixtures: Fixtures<
  SharedContextTestFixtures,
  SharedContextWorkerFixtures,
  PlaywrightTestArgs & PlaywrightTestOptions,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
> = {
  _sharedContext: [
    async ({ browser }, use) => {
      const holder: { current?: SharedContext } = {};
      await use(holder);
      if (browser.isConnected()) await holder.current?.context.close();
    },
    { scope: 'worker' },
  ],
  context: async (
    {
      browser,
      _sharedContext,
      // The options a context is made with (Playwright applies them to browser.newContext() during
      // a test): listed so that a test with other options never gets a context made with these.
      acceptDownloads, bypassCSP, colorScheme, contrast, deviceScaleFactor, extraHTTPHeaders, forcedColors, geolocation,
      hasTouch, httpCredentials, ignoreHTTPSErrors, isMobile, javaScriptEnabled, locale, offline, permissions, proxy,
      reducedMotion, screen, storageState, timezoneId, userAgent, viewport, baseURL, serviceWorkers, contextOptions,
    },
    use,
  ) => {
    if (freshContexts()) {
      const context = await browser.newContext();
      await use(context);
      await context.close();
      return;
    }
    const key = JSON.stringify({
      acceptDownloads, bypassCSP, colorScheme, contrast, deviceScaleFactor, extraHTTPHeaders, forcedColors, geolocation,
      hasTouch, httpCredentials, ignoreHTTPSErrors, isMobile, javaScriptEnabled, locale, offline, permissions, proxy,
      reducedMotion, screen, storageState, timezoneId, userAgent, viewport, baseURL, serviceWorkers, contextOptions,
    });
    let shared = _sharedContext.current;
    if (shared && shared.key !== key) {
      await shared.context.close();
      shared = undefined;
    }
    if (shared) {
      shared.nextPage = await shared.context.newPage();
      await clearForNextTest(shared, shared.nextPage);
    } else {
      const context = await browser.newContext();
      const origins = new Set<string>();
      trackOrigins(context, origins);
      shared = { context, key, origins, tests: 0 };
      _sharedContext.current = shared;
    }
    await use(shared.context);
    shared.tests += 1;
    shared.nextPage = undefined;
    // The test's tabs go with it; the context (and its HTTP cache) stays for the next test.
    for (const page of shared.context.pages()) await page.close();
  },
  page: async ({ context, _sharedContext }, use) => {
    const shared = _sharedContext.current;
    const made = shared?.context === context ? shared.nextPage : undefined;
    await use(made && !made.isClosed() ? made : await context.newPage());
  },
  contextReuseCount: async ({ context, _sharedContext }, use) => {
    await use(_sharedContext.current?.context === context ? _sharedContext.current.tests : 0);
  },
};
