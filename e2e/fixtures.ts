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

/**
 * The suite's `test`: Playwright's, with axe-core checking the page every test ends on (a11y.ts);
 * page objects check their pages as they are shown. New specs import `test` and `expect` from here.
 */
export { test } from './a11y.ts';
export { expect } from '@playwright/test';
