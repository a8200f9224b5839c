/** The demo data the server loads on first start (apps/api/src/demo/seed.ts). */
export const DEMO = {
  password: 'Console#2026',
  owner: { email: 'owner@demo.example.com', name: 'Kim Owner' },
  admin: { email: 'admin@demo.example.com', name: 'Lee Admin' },
  member: { email: 'member@demo.example.com', name: 'Park Member' },
  billing: { email: 'billing@demo.example.com', name: 'Choi Billing' },
  iam: { domain: 'demo-corp', userCode: 'iam.user', name: 'Jung.IAM' },
  orgName: 'Demo Organization',
} as const;

/**
 * A name no other spec (or earlier run on the same data) uses: specs create their own
 * organizations and projects so they do not depend on each other's order.
 */
export const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** A domain no other organization has: 3-40 lowercase letters, digits and hyphens. */
export const uniqueDomain = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

// ---- Signed-in tests: `test.use({ signedInAs: 'owner' })`, then the `shell` fixture ----
// (Kept together at the end of this file: the signed-in fixtures only.)
//
// How to write a spec (test loop, issue 8; see also e2e/README.md):
// - Import `test` and `expect` from this file, never from '@playwright/test': the suite's `test`
//   gives every worker its own console server (server.ts; `page`, `request` and `page.request`
//   already point at it) and checks the accessibility of the page each test ends on (a11y.ts).
// - Signed in as a demo role: `test.use({ signedInAs: 'owner' })` and ask for `shell`, or call
//   `await signInAs(page, 'owner')`. Both sign in through the API (one call, its cookies in the
//   page's browser context) and open the home page: a fresh session per test, no sign-in page.
//   Only specs/sign-in.spec.ts (and flows whose subject is a sign-in: a new account's first one,
//   a return URL, TOTP) go through the form: `signInAs(page, role, { through: 'ui' })`.
// - A second person in the same test: `const other = await browser.newPage(); await signInAs(other, 'member')`.
// - A test that opens another page first: `signInThroughApi(page, role)` (no navigation), not
//   `signInAs`, whose home page would be loaded for nothing. For an account a spec created:
//   `signInWithPassword(page, email, password)`.
// - Each spec creates the organizations and projects it changes (`uniqueName`); the demo data is
//   shared by the spec files of one worker, in no fixed order. Where the creation form is not the
//   test's subject: `createOrganizationThroughApi`, `createProjectThroughApi` (and `useLanguage` for
//   the language cookie), then `page.goto` the page the test is about.

import type { Page, Request } from '@playwright/test';
import { expect as baseExpect } from '@playwright/test';
import { test as base } from './a11y.ts';
import { ConsoleShell } from './page-objects/console-shell.ts';
import { LoginPage } from './page-objects/login-page.ts';
import { sessionFetch } from './session-call.ts';

/** A demo account to sign in as: the four cloud members of the demo organization, or its IAM account. */
export type DemoRole = 'owner' | 'admin' | 'member' | 'billing' | 'iam';

/**
 * Signs a cloud member in through the sign-in call of the API: the session and CSRF cookies land
 * in `page`'s browser context (page.request shares its cookies). No navigation.
 */
export async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  const answer = await page.request.post('/api/auth/v1/login', { data: { email, password } });
  baseExpect(answer.ok(), `sign-in of ${email}: ${await answer.text()}`).toBe(true);
  baseExpect(((await answer.json()) as { header: { isSuccessful: boolean } }).header.isSuccessful, `sign-in of ${email}`).toBe(true);
}

/** Signs `page`'s browser context in as a demo role through the API (no navigation). */
export async function signInThroughApi(page: Page, role: DemoRole): Promise<void> {
  if (role !== 'iam') return signInWithPassword(page, DEMO[role].email, DEMO.password);
  const answer = await page.request.post('/api/auth/v1/iam/login', {
    data: { domain: DEMO.iam.domain, userCode: DEMO.iam.userCode, password: DEMO.password },
  });
  baseExpect(answer.ok(), `IAM sign-in: ${await answer.text()}`).toBe(true);
  const body = (await answer.json()) as { header: { isSuccessful: boolean }; session: unknown };
  baseExpect(body.header.isSuccessful && body.session !== null, 'IAM sign-in without a second step').toBe(true);
}

/** A call with `page`'s session (its cookies, the CSRF token echoed): for set-up whose form is not the test's subject. */
async function sessionCall(page: Page, path: string, data: object): Promise<Record<string, unknown>> {
  const answer = await sessionFetch(page, 'POST', path, data);
  baseExpect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
  const body = (await answer.json()) as { header?: { isSuccessful: boolean } } & Record<string, unknown>;
  baseExpect(body.header?.isSuccessful, `${path}: ${JSON.stringify(body.header)}`).toBe(true);
  return body;
}

/** An organization made through the API by the signed-in `page` (the home page's form: organizations.spec's first test); its id. */
export async function createOrganizationThroughApi(page: Page, orgName: string): Promise<string> {
  return ((await sessionCall(page, '/api/cab/v5/organizations', { org: { orgName } })).org as { orgId: string }).orgId;
}

/** A project made through the API by the signed-in `page` (the dashboard's form: organizations.spec); its id. */
export async function createProjectThroughApi(page: Page, orgId: string, projectName: string): Promise<string> {
  return ((await sessionCall(page, '/api/cab/v5/projects', { orgId, projectName })).project as { projectId: string }).projectId;
}

/** The demo organization's id and its first project's, asked with `page`'s session (signed in as a demo member of it). */
export async function demoIds(page: Page): Promise<{ orgId: string; projectId: string }> {
  const orgs = (await (await page.request.get('/api/cab/v7/organizations')).json()) as { orgs: { orgId: string; orgName: string }[] };
  const orgId = orgs.orgs.find((org) => org.orgName === DEMO.orgName)!.orgId;
  const projects = (await (await page.request.get(`/api/cab/v5/projects?orgId=${orgId}`)).json()) as { projects: { projectId: string }[] };
  return { orgId, projectId: projects.projects[0]!.projectId };
}

/** The requests of a tab not yet answered, and when one last started or ended (openInConsole). */
interface TabTraffic {
  open: Set<Request>;
  lastActivity: number;
}
const traffic = new WeakMap<Page, TabTraffic>();

function trafficOf(page: Page): TabTraffic {
  let tab = traffic.get(page);
  if (!tab) {
    const watched: TabTraffic = { open: new Set(), lastActivity: Date.now() };
    page.on('request', (request) => {
      watched.open.add(request);
      watched.lastActivity = Date.now();
    });
    const ended = (request: Request) => {
      watched.open.delete(request);
      watched.lastActivity = Date.now();
    };
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    traffic.set(page, (tab = watched));
  }
  return tab;
}

/** How long the tab stays without a request and its console without a change before a page opened through the router counts as shown. */
const SETTLED_MS = 300;

/**
 * Opens `path` in the console the tab already shows, as a link inside it does: the router moves to
 * it (history.pushState and a popstate event), the document, the shell and what they loaded stay.
 * A tab without the console yet, or on another origin, loads it (`page.goto`). A new document
 * costs the renderer the whole start again (scripts compiled, the shell's calls and first render);
 * a page checked after another in one test needs only its own part.
 *
 * Returns once the console has changed since the move, no request of the tab is unanswered and
 * nothing has changed for SETTLED_MS (Playwright's `networkidle` is the document's, met long before:
 * it does not wait for a move inside it): the page before is never the one a check then reads, even
 * where it shows the same `ready` test id (the members page's tabs).
 */
export async function openInConsole(page: Page, path: string): Promise<void> {
  const tab = trafficOf(page);
  const here = page.url();
  const target = here.startsWith('http') ? new URL(path, here) : undefined;
  const mounted = target !== undefined && here.startsWith(target.origin) && (await page.evaluate(() => (document.getElementById('root')?.childElementCount ?? 0) > 0));
  if (!target || !mounted) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    const watch = window as unknown as { e2eMoved?: { changedAt: number } };
    const moved = { changedAt: 0 };
    watch.e2eMoved = moved;
    new MutationObserver(() => {
      moved.changedAt = performance.now();
    }).observe(document.getElementById('root')!, { subtree: true, childList: true, attributes: true, characterData: true });
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, target.pathname + target.search);
  await baseExpect
    .poll(
      async () => {
        if (tab.open.size > 0 || Date.now() - tab.lastActivity < SETTLED_MS) return false;
        return page.evaluate((quiet) => {
          const moved = (window as unknown as { e2eMoved?: { changedAt: number } }).e2eMoved;
          return moved !== undefined && moved.changedAt > 0 && performance.now() - moved.changedAt >= quiet;
        }, SETTLED_MS);
      },
      { message: `${path}: shown through the router, its calls answered`, intervals: [50], timeout: 15_000 },
    )
    .toBe(true);
  baseExpect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(target.pathname + target.search);
}

/** The console's language for `page`'s context from its next page on (the cookie the language menu sets: sign-in.spec switches it through the menu). */
export async function useLanguage(page: Page, locale: 'ko_KR' | 'en_US' | 'ja_JP' | 'zh_CN'): Promise<void> {
  // Every worker's server is on 127.0.0.1 (server.ts); a cookie holds for every port of its host.
  await page.context().addCookies([{ name: 'userLocale', value: locale, domain: '127.0.0.1', path: '/' }]);
}

/** Signs `page` in as a demo role through the sign-in page's form, and waits until the console names them. */
export async function signInThroughUi(page: Page, role: DemoRole): Promise<ConsoleShell> {
  const login = new LoginPage(page);
  const shell = new ConsoleShell(page);
  if (role === 'iam') {
    await login.open(`?domain=${DEMO.iam.domain}`);
    await login.signInAsIam(DEMO.iam.userCode, DEMO.password);
    await shell.expectSignedInAs(DEMO.iam.name);
  } else {
    await login.open();
    await login.signInAsMember(DEMO[role].email, DEMO.password);
    await shell.expectSignedInAs(DEMO[role].name);
  }
  return shell;
}

/**
 * Signs `page` in as a demo role and opens the home page, waiting until the console names them.
 * Through the API by default (fast: one call, then the home page); `{ through: 'ui' }` fills the
 * sign-in page's form instead.
 */
export async function signInAs(page: Page, role: DemoRole, options: { through?: 'api' | 'ui' } = {}): Promise<ConsoleShell> {
  if (options.through === 'ui') return signInThroughUi(page, role);
  await signInThroughApi(page, role);
  await page.goto('/');
  const shell = new ConsoleShell(page);
  await shell.expectSignedInAs(role === 'iam' ? DEMO.iam.name : DEMO[role].name);
  return shell;
}

/**
 * The suite's `test`: Playwright's, on the worker's own server (server.ts), with axe-core checking
 * the page every test ends on (a11y.ts; page objects check their pages as they are shown), and
 * sign-in as a demo role: `test.use({ signedInAs: 'owner' })` in a describe (or file), then ask for
 * `shell`: the console shell, already signed in (through the API, on the home page). Without
 * `signedInAs`, `shell` is the shell of a page nobody signed in to.
 */
export const test = base.extend<{ signedInAs: DemoRole | undefined; shell: ConsoleShell }>({
  signedInAs: [undefined, { option: true }],
  shell: async ({ page, signedInAs }, use) => {
    await use(signedInAs ? await signInAs(page, signedInAs) : new ConsoleShell(page));
  },
});
export { expect } from '@playwright/test';
