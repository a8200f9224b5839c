import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { applyAppearance, applyLastAppearance, DEFAULT_APPEARANCE, parseAppearance, usePageDark } from './appearance.ts';
import { STORAGE_KEYS } from '../lib/storage.ts';

afterEach(() => {
  applyAppearance(DEFAULT_APPEARANCE, false);
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const dark = () => document.body.classList.contains('awsui-dark-mode');
const compact = () => document.body.classList.contains('awsui-compact-mode');

describe('appearance (theme and density)', () => {
  it('reads a stored choice, falls back to the default on anything unreadable, and takes over the earlier experiments', () => {
    expect(parseAppearance(JSON.stringify({ theme: 'system', density: 'compact' }))).toEqual({ theme: 'system', density: 'compact' });
    expect(parseAppearance(JSON.stringify({ theme: 'purple', density: 7 }))).toEqual(DEFAULT_APPEARANCE);
    expect(parseAppearance('not json')).toEqual(DEFAULT_APPEARANCE);
    expect(parseAppearance(null)).toEqual({ theme: 'light', density: 'comfortable' });
    expect(parseAppearance(null, JSON.stringify({ darkMode: true, compactMode: true }))).toEqual({ theme: 'dark', density: 'compact' });
    // A choice made in the my-menu wins over the experiment.
    expect(parseAppearance(JSON.stringify({ theme: 'light', density: 'comfortable' }), JSON.stringify({ darkMode: true }))).toEqual(DEFAULT_APPEARANCE);
  });

  it('applies light, dark and the system’s choice, and the density, to the page', () => {
    expect(applyAppearance({ theme: 'dark', density: 'compact' }, false)).toBe(true);
    expect(dark()).toBe(true);
    expect(compact()).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe('dark');

    expect(applyAppearance({ theme: 'system', density: 'comfortable' }, true)).toBe(true);
    expect(dark()).toBe(true);
    expect(compact()).toBe(false);

    expect(applyAppearance({ theme: 'system', density: 'comfortable' }, false)).toBe(false);
    expect(dark()).toBe(false);
    expect(document.documentElement.style.colorScheme).toBe('light');

    expect(applyAppearance({ theme: 'light', density: 'comfortable' }, true)).toBe(false);
    expect(dark()).toBe(false);
  });

  it('paints the last applied appearance before the session is known', () => {
    applyLastAppearance();
    expect(dark()).toBe(false);
    window.localStorage.setItem(STORAGE_KEYS.lastAppearance, JSON.stringify({ theme: 'dark', density: 'compact' }));
    applyLastAppearance();
    expect(dark()).toBe(true);
    expect(compact()).toBe(true);
  });

  it('tells what reads the theme (the product frame) of every change, not only of the one it met first', () => {
    const { result } = renderHook(() => usePageDark());
    expect(result.current).toBe(false);
    act(() => void applyAppearance({ theme: 'dark', density: 'comfortable' }, false));
    expect(result.current).toBe(true);
    act(() => void applyAppearance({ theme: 'system', density: 'comfortable' }, false));
    expect(result.current).toBe(false);
    act(() => void applyAppearance({ theme: 'system', density: 'comfortable' }, true));
    expect(result.current).toBe(true);
  });
});
