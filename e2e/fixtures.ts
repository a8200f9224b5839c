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

import { test as base } from './a11y.ts';
import { ConsoleShell } from './page-objects/console-shell.ts';
import { LoginPage } from './page-objects/login-page.ts';

/** A demo account to sign in as: the four cloud members of the demo organization, or its IAM account. */
export type DemoRole = 'owner' | 'admin' | 'member' | 'billing' | 'iam';

/** Signs `page` in as a demo role through the sign-in page, and waits until the console names them. */
export async function signInAs(page: import('@playwright/test').Page, role: DemoRole): Promise<ConsoleShell> {
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
 * The suite's `test`: Playwright's, with axe-core checking the page every test ends on (a11y.ts;
 * page objects check their pages as they are shown), and sign-in as a demo role:
 * `test.use({ signedInAs: 'owner' })` in a describe (or file), then ask for `shell`: the console shell, already signed in. Without
 * `signedInAs`, `shell` is the shell of a page nobody signed in to.
 */
export const test = base.extend<{ signedInAs: DemoRole | undefined; shell: ConsoleShell }>({
  signedInAs: [undefined, { option: true }],
  shell: async ({ page, signedInAs }, use) => {
    await use(signedInAs ? await signInAs(page, signedInAs) : new ConsoleShell(page));
  },
});
export { expect } from '@playwright/test';
