import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';

describe('AUTH_CACHE', () => {
  it('is on by default, off under NODE_ENV=test unless asked for, and can be turned off', () => {
    // Production asks for the secrets key (platform/secrets.ts) whatever else is set.
    const SECRETS_KEY = Buffer.alloc(32, 1).toString('base64');
    expect(loadConfig({ NODE_ENV: 'production', SECRETS_KEY }).authCache).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).authCache).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).authCache).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', AUTH_CACHE: 'on' }).authCache).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', SECRETS_KEY, AUTH_CACHE: 'false' }).authCache).toBe(false);
  });
});
