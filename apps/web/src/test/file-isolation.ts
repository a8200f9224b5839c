import { cleanup } from '@testing-library/react';
import { afterAll, expect, vi } from 'vitest';
import { config as zodConfig } from 'zod';

/**
 * Every web test file starts as if it were the first of its worker (vitest.config.ts: `threads`,
 * `isolate: false`). The worker keeps one window and the libraries (Preact or React, Cloudscape,
 * TanStack Query, happy-dom) for the whole run; the console's own modules (stores, the translator and its
 * language, field messages, toasts, modals, the request context) are evaluated again for each file:
 * `vi.resetModules()` after a file forgets them, so the next file's setup files and imports run
 * afresh. What lives outside those modules is put back here after each file: the page (storage,
 * cookies, address, title, `<html>` attributes), zod's global configuration, stubbed globals and
 * environment variables, spies. Leftovers a file should not leave fail that file, loudly: a rendered
 * node still in the body after every React root is unmounted, fake timers still on.
 *
 * This module is the first setup file and is evaluated again for each file (it is reset too).
 */
interface Pristine {
  readonly url: string;
  readonly htmlAttributes: readonly (readonly [string, string])[];
  readonly headNodes: number;
  /** Whether the window has requestIdleCallback of its own (happy-dom has none; a file may stub it). */
  readonly idleCallback: boolean;
}

const key = Symbol.for('console.web-test.pristine-page');
const store = globalThis as typeof globalThis & { [key]?: Pristine };
// Read once per worker, before any file has touched the page.
const pristine: Pristine = (store[key] ??= {
  url: window.location.href,
  htmlAttributes: document.documentElement.getAttributeNames().map((name) => [name, document.documentElement.getAttribute(name) ?? ''] as const),
  headNodes: document.head.childNodes.length,
  idleCallback: typeof globalThis.requestIdleCallback === 'function',
});

/**
 * Cloudscape's missing-styles check, run by a component's first effect where `requestIdleCallback`
 * exists, calls it from a timer of 1 s (styles-check.js) that unmounting does not stop; on the shared
 * pool that timer is Node's and outlives the file. Where a file had stubbed requestIdleCallback, the
 * timer found it gone (`ReferenceError: requestIdleCallback is not defined`, 5 uncaught errors in a
 * run). So a file that renders Cloudscape with the stub keeps it until its end (MenuButton.test.tsx),
 * and here the timers of that length have run before the stub is taken away.
 */
const CLOUDSCAPE_STYLE_CHECK_MS = 1_000;
async function letIdleCallbackTimersEnd(): Promise<void> {
  if (pristine.idleCallback || typeof globalThis.requestIdleCallback !== 'function') return;
  await new Promise((resolve) => setTimeout(resolve, CLOUDSCAPE_STYLE_CHECK_MS + 50));
}

/** What a finished file left that the next one would see: empty when the page is clean. */
export function leftovers(): string[] {
  const found: string[] = [];
  if (vi.isFakeTimers()) found.push('fake timers still on (vi.useRealTimers() in the test that faked them)');
  const body = [...document.body.children];
  if (body.length > 0) {
    found.push(`${body.length} node(s) left in <body> after every render was unmounted: ${body.map((node) => node.outerHTML.slice(0, 120)).join(' | ')}`);
  }
  return found;
}

/** Puts the page and the shared libraries back as a fresh worker has them. */
export function resetPage(): void {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  document.body.replaceChildren();
  for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
  while (document.head.childNodes.length > pristine.headNodes) document.head.lastChild?.remove();
  const html = document.documentElement;
  for (const name of html.getAttributeNames()) html.removeAttribute(name);
  for (const [name, value] of pristine.htmlAttributes) html.setAttribute(name, value);
  document.title = '';
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', pristine.url);
  // zod keeps its configuration (the error locale a form set) on globalThis, shared by every file.
  const zod = zodConfig();
  for (const name of Object.keys(zod) as (keyof typeof zod)[]) delete zod[name];
}

afterAll(async () => {
  // React roots the file rendered and did not unmount (a render in beforeAll, a test without cleanup).
  cleanup();
  const found = leftovers();
  vi.useRealTimers();
  await letIdleCallbackTimersEnd();
  resetPage();
  vi.resetModules();
  expect(found, 'what this test file left for the next file in its worker').toEqual([]);
});
