import { describe, expect, it } from 'vitest';
import { consoleConfigOf } from './modules/console/console.routes.ts';
import { featureEnvName, loadConfig } from './config.ts';

describe('configuration', () => {
  it('names feature switches FEATURE_<SNAKE_CASE>', () => {
    expect(featureEnvName('costAnalysis')).toBe('FEATURE_COST_ANALYSIS');
    expect(featureEnvName('projectAuthInfo')).toBe('FEATURE_PROJECT_AUTH_INFO');
  });

  it('stops with every bad variable named', () => {
    expect(() => loadConfig({ PORT: 'eighty', EDITION: 'MOON' })).toThrow(/PORT[\s\S]*EDITION|EDITION[\s\S]*PORT/);
  });

  it('takes exact product message origins and hands them to the web; refuses anything else', () => {
    const config = loadConfig({ PRODUCT_MESSAGE_ORIGINS: 'https://mail.partner.example, https://sms.partner.example:8443,http://localhost:8081' });
    expect(config.productMessageOrigins).toEqual(['https://mail.partner.example', 'https://sms.partner.example:8443', 'http://localhost:8081']);
    expect(consoleConfigOf(config).productMessageOrigins).toEqual(config.productMessageOrigins);
    expect(loadConfig({}).productMessageOrigins).toEqual([]);
    for (const bad of ['http://mail.partner.example', 'https://mail.partner.example/path', 'mail.partner.example']) {
      expect(() => loadConfig({ PRODUCT_MESSAGE_ORIGINS: bad }), bad).toThrow(/PRODUCT_MESSAGE_ORIGINS/);
    }
  });

  it('asks production for a 32-byte secrets key, and lets development run on its fixed one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRETS_KEY: required with NODE_ENV=production/);
    expect(() => loadConfig({ SECRETS_KEY: Buffer.alloc(16, 1).toString('base64') })).toThrow(/SECRETS_KEY: must be 32 bytes/);
    expect(loadConfig({ NODE_ENV: 'production', SECRETS_KEY: Buffer.alloc(32, 1).toString('base64') }).secretsKey).toEqual(Buffer.alloc(32, 1));
    expect(loadConfig({}).secretsKey).toBeUndefined();
  });

  it('turns a feature off over its edition default, and GOV offers one language', () => {
    const config = consoleConfigOf(loadConfig({ EDITION: 'GOV', FEATURE_MARKETPLACE: 'off' }));
    expect(config.features.marketplace).toBe(false);
    expect(config.languages).toEqual(['ko_KR']);
    expect(consoleConfigOf(loadConfig({})).features.partner).toBe(true);
  });

  it('builds mail links from PUBLIC_URL, by default the local port, and sends mail only with SMTP settings', () => {
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(loadConfig({ PUBLIC_URL: 'https://console.example.com/' }).publicUrl).toBe('https://console.example.com');
    expect(loadConfig({}).smtp).toBeUndefined();
    expect(loadConfig({ SMTP_HOST: '', SMTP_URL: '' }).smtp).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtps://user:pass@mail.example.com:465' }).smtp).toEqual({ url: 'smtps://user:pass@mail.example.com:465' });
    expect(loadConfig({ SMTP_HOST: 'mail.example.com', SMTP_USER: 'console', SMTP_PASS: 'secret' }).smtp).toEqual({
      host: 'mail.example.com',
      port: 587,
      secure: false,
      auth: { user: 'console', pass: 'secret' },
    });
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });

  it('reads the client country header only behind a trusted proxy', () => {
    expect(loadConfig({}).clientCountryHeader).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY_HOPS: '1', CLIENT_COUNTRY_HEADER: 'CF-IPCountry' }).clientCountryHeader).toBe('cf-ipcountry');
    expect(() => loadConfig({ CLIENT_COUNTRY_HEADER: 'cf-ipcountry' })).toThrow(/CLIENT_COUNTRY_HEADER: needs TRUST_PROXY_HOPS/);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: '1', CLIENT_COUNTRY_HEADER: 'bad header' })).toThrow(/CLIENT_COUNTRY_HEADER/);
  });

  it('starts the sample product beside the console on the next port outside production, and is told where it lives', () => {
    expect(loadConfig({ PORT: '9000' }).emailProduct).toEqual({ start: true, port: 9001, url: 'http://127.0.0.1:9001' });
    expect(loadConfig({ NODE_ENV: 'production', SECRETS_KEY: Buffer.alloc(32, 1).toString('base64') }).emailProduct.start).toBe(false);
    expect(loadConfig({ EMAIL_PRODUCT_START: 'false', EMAIL_PRODUCT_PORT: '7000', EMAIL_PRODUCT_URL: 'https://mail.internal/' }).emailProduct).toEqual({
      start: false,
      port: 7000,
      url: 'https://mail.internal',
    });
    expect(() => loadConfig({ PRODUCT_PROXY_SECRET: 'short' })).toThrow(/PRODUCT_PROXY_SECRET/);
  });
});
