import { describe, expect, it } from 'vitest';
import { acceptsProductMessage, frameSrcOf, manualLinkOf } from './product-frame.ts';

const context = { projectId: 'p-1', appKey: 'AppKey123', lang: 'en', regionCode: 'KR1', theme: 'light' as const, productUrl: 'https://email.example.com/' };

/** The production check with the product domain `products.example.com`. */
const accepts = (origin: string) => acceptsProductMessage(origin, 'https://console.example.com', true, 'products.example.com');

describe('the product frame', () => {
  it('loads PROXY entries through the console with the project, Appkey, language, region and theme (never a SecretKey)', () => {
    const src = frameSrcOf({ productId: 'email', linkUrl: '/history', iframeTypeCode: 'PROXY', linkTargetCode: 'IFRAME' }, context);
    expect(src).toBe('/product-proxy/email/history?projectId=p-1&appKey=AppKey123&lang=en&region=KR1&theme=light&embedded=1');
    expect(frameSrcOf({ productId: 'email', linkUrl: null, iframeTypeCode: 'PROXY', linkTargetCode: 'IFRAME' }, context)).toMatch(/^\/product-proxy\/email\/\?/);
  });

  it('loads NONE entries at the product’s own URL and opens NEW entries only at absolute http(s) addresses', () => {
    expect(frameSrcOf({ productId: 'email', linkUrl: '/send', iframeTypeCode: 'NONE', linkTargetCode: 'IFRAME' }, context)).toBe('https://email.example.com/send');
    expect(frameSrcOf({ productId: 'x', linkUrl: 'https://docs.example.com/x', iframeTypeCode: 'NONE', linkTargetCode: 'NEW' }, context)).toBe('https://docs.example.com/x');
    expect(frameSrcOf({ productId: 'x', linkUrl: 'javascript:alert(1)', iframeTypeCode: 'NONE', linkTargetCode: 'NEW' }, context)).toBeUndefined();
  });

  it('accepts messages from the console’s origin, and from http://localhost only outside production', () => {
    expect(acceptsProductMessage('https://console.example.com', 'https://console.example.com', true)).toBe(true);
    expect(acceptsProductMessage('https://evil.example.com', 'https://console.example.com', true)).toBe(false);
    expect(acceptsProductMessage('http://localhost:8081', 'https://console.example.com', false)).toBe(true);
    expect(acceptsProductMessage('http://localhost:8081', 'https://console.example.com', true)).toBe(false);
    expect(acceptsProductMessage('http://localhost.evil.com', 'https://console.example.com', false)).toBe(false);
  });

  it('accepts the origins an operator listed (PRODUCT_MESSAGE_ORIGINS), exactly', () => {
    const listed = ['https://mail.partner.example', 'https://sms.partner.example:8443'];
    const check = (origin: string) => acceptsProductMessage(origin, 'https://console.example.com', true, null, listed);
    expect(check('https://mail.partner.example')).toBe(true);
    expect(check('https://sms.partner.example:8443')).toBe(true);
    expect(check('https://sms.partner.example')).toBe(false);
    expect(check('https://x.mail.partner.example')).toBe(false);
    expect(check('http://mail.partner.example')).toBe(false);
  });

  it('accepts an https host under the configured product domain, and nothing else of it', () => {
    expect(accepts('https://mail.products.example.com')).toBe(true);
    expect(accepts('https://products.example.com')).toBe(true);
    expect(accepts('http://mail.products.example.com')).toBe(false);
    expect(accepts('https://mail.products.example.com:8443')).toBe(false);
    expect(accepts('https://evilproducts.example.com')).toBe(false);
    expect(accepts('https://products.example.com.evil.com')).toBe(false);
    expect(accepts('null')).toBe(false);
    expect(acceptsProductMessage('https://mail.products.example.com', 'https://console.example.com', true, null)).toBe(false);
  });

  it('fills {lang} and {locale} in manual links', () => {
    expect(manualLinkOf('/docs/products/email/{lang}/index.html?l={locale}', 'ja_JP')).toBe('/docs/products/email/ja/index.html?l=ja_JP');
    expect(manualLinkOf(null, 'ko_KR')).toBeUndefined();
  });
});
