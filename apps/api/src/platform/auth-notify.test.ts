import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';

describe('AUTH_CACHE', () => {
  it('is on by default, off under NODE_ENV=test unless asked for, and can be turned off', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).authCache).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).authCache).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).authCache).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', AUTH_CACHE: 'on' }).authCache).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_CACHE: 'false' }).authCache).toBe(false);
  });
});
