import { LoginPage } from '../page-objects/login-page.ts';
import { expect, signInAs, test } from '../fixtures.ts';

/**
 * The worker's one browser context (browser-context.ts) must not carry a test's state into the
 * next: the first test signs in, switches the language and leaves storage and a permission behind;
 * the second, in the same context, finds none of it, and its page load takes the console's scripts
 * from the context's HTTP cache (which is what sharing the context is for). The two run in this
 * order, in one worker (fullyParallel is off).
 */
const ORIGIN_STATE = { localKey: 'e2e-isolation-local', sessionKey: 'e2e-isolation-session', database: 'e2e-isolation' };

const permissionState = (page: import('@playwright/test').Page) =>
  page.evaluate(async () => (await navigator.permissions.query({ name: 'geolocation' })).state);

test('a test signs in and leaves cookies, storage and a permission in its context', async ({ page, context }) => {
  await new LoginPage(page).open(); // its scripts, which the next test must find in the cache
  await signInAs(page, 'member');
  await context.addCookies([{ name: 'userLocale', value: 'en_US', url: new URL(page.url()).origin }]);
  await context.grantPermissions(['geolocation'], { origin: new URL(page.url()).origin });
  await page.evaluate(async ({ localKey, sessionKey, database }) => {
    localStorage.setItem(localKey, 'left');
    sessionStorage.setItem(sessionKey, 'left');
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open(database, 1);
      open.addEventListener('upgradeneeded', () => open.result.createObjectStore('things').put('left', 'key'));
      open.addEventListener('success', () => {
        open.result.close();
        resolve();
      });
      open.addEventListener('error', () => reject(open.error));
    });
  }, ORIGIN_STATE);

  // What the next test must not find, seen here first (so its absence there means it was cleared).
  expect((await context.cookies()).map((cookie) => cookie.name)).toEqual(expect.arrayContaining(['userLocale']));
  expect((await context.cookies()).length).toBeGreaterThan(1);
  expect(await permissionState(page)).toBe('granted');
  expect(await page.evaluate(async ({ database }) => (await indexedDB.databases()).some((db) => db.name === database), ORIGIN_STATE)).toBe(true);
});

test('the next test in the same context finds none of it, and the scripts come from the cache', async ({ page, context, contextReuseCount }) => {
  test.skip(process.env.E2E_FRESH_CONTEXTS === '1', 'E2E_FRESH_CONTEXTS=1: every test has a context of its own');
  // The same Chromium context as the test before: what it left was cleared, not thrown away with it.
  expect(contextReuseCount, 'the worker context was reused').toBeGreaterThan(0);
  expect(await context.cookies()).toEqual([]);

  // Script responses that did not come from the browser's cache (the memory or the HTTP cache).
  const cdp = await context.newCDPSession(page);
  const scripts = new Map<string, string>();
  const servedFromCache = new Set<string>();
  cdp.on('Network.responseReceived', ({ requestId, response, type }) => {
    if (type === 'Script' && !response.fromDiskCache && !response.fromPrefetchCache) scripts.set(requestId, response.url);
  });
  cdp.on('Network.requestServedFromCache', ({ requestId }) => servedFromCache.add(requestId));
  await cdp.send('Network.enable');

  const login = new LoginPage(page);
  await page.goto('/');
  await login.expectShown(); // not signed in: the session cookie is gone
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko'); // the language cookie too
  expect(await permissionState(page)).toBe('prompt');
  expect(
    await page.evaluate(
      async ({ localKey, sessionKey, database }) => ({
        local: localStorage.getItem(localKey),
        session: sessionStorage.getItem(sessionKey),
        databases: (await indexedDB.databases()).map((db) => db.name).filter((name) => name === database),
      }),
      ORIGIN_STATE,
    ),
  ).toEqual({ local: null, session: null, databases: [] });
  const downloaded = [...scripts].filter(([requestId]) => !servedFromCache.has(requestId)).map(([, url]) => url);
  expect(downloaded, 'scripts downloaded again instead of taken from the cache').toEqual([]);
  await cdp.detach();
});

