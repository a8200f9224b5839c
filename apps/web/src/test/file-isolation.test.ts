import { afterEach, describe, expect, it, vi } from 'vitest';
import { config as zodConfig } from 'zod';
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
