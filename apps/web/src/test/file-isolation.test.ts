import { cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { config as zodConfig } from 'zod';
import { usePreact } from '../../build/preact-alias.ts';
import { leftovers, resetPage } from './file-isolation.ts';

/** The per-file reset of the web project's shared workers (file-isolation.ts, vitest.config.ts). */
describe('file isolation', () => {
  afterEach(() => {
    resetPage();
  });

  it('reports a node left in the body and fake timers left on', () => {
    expect(leftovers()).toEqual([]);
    const stray = document.createElement('div');
    stray.setAttribute('data-testid', 'stray');
    document.body.append(stray);
    vi.useFakeTimers();
    const found = leftovers();
    expect(found).toHaveLength(2);
    expect(found[0]).toContain('fake timers');
    expect(found[1]).toContain('data-testid="stray"');
  });

  it('puts the page back as a fresh worker has it', () => {
    const url = window.location.href;
    const lang = document.documentElement.getAttribute('lang');
    window.localStorage.setItem('k', 'v');
    window.sessionStorage.setItem('k', 'v');
    document.cookie = 'userLocale=ko_KR; path=/';
    document.title = 'Members';
    document.documentElement.setAttribute('lang', 'ko-KR');
    document.documentElement.classList.add('awsui-dark-mode');
    document.body.classList.add('awsui-modal-open');
    document.head.append(document.createElement('style'));
    window.history.replaceState(null, '', '/org/o1/members?page=2');
    vi.stubGlobal('fetch', () => Promise.reject(new Error('stub')));
    vi.stubEnv('MODE', 'changed');
    zodConfig({ localeError: () => 'ko' });
    const headNodes = document.head.childNodes.length;

    resetPage();

    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
    expect(document.cookie).toBe('');
    expect(document.title).toBe('');
    expect(document.documentElement.getAttribute('lang')).toBe(lang);
    expect(document.documentElement.classList.contains('awsui-dark-mode')).toBe(false);
    expect(document.body.classList.contains('awsui-modal-open')).toBe(false);
    expect(document.head.childNodes.length).toBe(headNodes - 1);
    expect(window.location.href).toBe(url);
    expect(import.meta.env.MODE).not.toBe('changed');
    expect(String(globalThis.fetch)).not.toContain('stub');
    expect(Object.keys(zodConfig())).toEqual([]);
  });
});

/**
 * What the shared workers load once and keep between files (vitest.config.ts, `server.deps.external`;
 * src/test/preact-in-node.ts): Cloudscape and the contracts, loaded by Node as the other libraries
 * are. Compiled by vitest instead, Cloudscape's ≈ 350 modules and the contracts' schemas were
 * evaluated again for every file (docs/benchmarks-test-loop.md, "Cloudscape loaded once per worker").
 * The console's own modules stay fresh for each file (`vi.resetModules()` in file-isolation.ts).
 */
describe.runIf(usePreact() && process.env.WEB_POOL !== 'vmThreads')('loaded once per worker', () => {
  afterEach(() => {
    cleanup();
  });

  it('Cloudscape: a file that starts afresh gets the same module, rendering with the one Preact', async () => {
    const first = await import('@cloudscape-design/components/button');
    vi.resetModules();
    const again = await import('@cloudscape-design/components/button');
    expect(again.default).toBe(first.default);
    render(createElement(first.default, null, 'pressed'));
    expect(screen.getByRole('button', { name: 'pressed' })).toBeTruthy();
  });

  it('the contracts: a file that starts afresh gets the same schemas', async () => {
    const first = await import('@console/contracts/envelope');
    vi.resetModules();
    const again = await import('@console/contracts/envelope');
    expect(again).toBe(first);
  });

  it("the console's own modules: evaluated again for each file", async () => {
    const first = await import('../shared/paths.ts');
    vi.resetModules();
    const again = await import('../shared/paths.ts');
    expect(again).not.toBe(first);
  });
});
