import { describe, expect, it } from 'vitest';
import { matchConsoleRoute, withRoutePreloads } from './console-html.ts';

const routes = [
  { id: 'home', path: '', files: ['assets/home.js'] },
  { id: 'org-dashboard', path: 'org/:orgId/dashboard', files: ['assets/dashboard.js'] },
  { id: 'org-setting', path: 'org/:orgId/setting', files: ['assets/setting.js'] },
  { id: 'org-setting-role-group-add', path: 'org/:orgId/setting/role-group/add', files: ['assets/add.js'] },
  { id: 'org-product', path: 'org/:orgId/services/:productId', files: ['assets/product.js'] },
  { id: 'org-services', path: 'org/:orgId/services/list', files: ['assets/services.js'] },
  { id: 'partners', path: 'partners/*', files: ['assets/partners.js'] },
  { id: 'not-found', path: '*', files: ['assets/not-found.js'] },
  { id: 'org-index', path: 'org/:orgId', redirect: 'org/:orgId/dashboard' },
  { id: 'org-alarm-unknown', path: 'org/:orgId/alarm/*', redirect: 'org/:orgId/dashboard' },
];
const idAt = (pathname: string) => matchConsoleRoute(routes, pathname)?.id;

describe("the console page at an address (the server's reading of react-router's ranking)", () => {
  it('matches parameters and static segments, a static segment over a parameter, with or without a trailing slash', () => {
    expect(idAt('/')).toBe('home');
    expect(idAt('/org/42/dashboard')).toBe('org-dashboard');
    expect(idAt('/org/42/dashboard/')).toBe('org-dashboard');
    expect(idAt('/ORG/42/Dashboard')).toBe('org-dashboard');
    expect(idAt('/org/42/setting/role-group/add')).toBe('org-setting-role-group-add');
    expect(idAt('/org/42/services/list')).toBe('org-services');
    expect(idAt('/org/42/services/email')).toBe('org-product');
  });

  it('sends what matches nothing more specific to a splat: a prefix splat first, else the not-found page', () => {
    expect(idAt('/partners/a/b')).toBe('partners');
    expect(idAt('/partners')).toBe('partners');
    expect(idAt('/org/42/dashboard/extra')).toBe('not-found');
    expect(idAt('/nothing')).toBe('not-found');
  });

  it('follows a forwarding address once, to the page it lands on', () => {
    expect(idAt('/org/42')).toBe('org-dashboard');
    expect(idAt('/org/42/alarm/whatever')).toBe('org-dashboard');
  });
});

describe("a page's HTML", () => {
  const html = '<!doctype html>\n<html lang="ko">\n  <head>\n    <link rel="modulepreload" crossorigin href="/assets/react.js">\n  </head>\n  <body></body>\n</html>\n';
  const table = {
    routes: [{ id: 'x', path: 'x', files: ['assets/react.js', 'assets/x.js', 'assets/"bad.js'], css: ['assets/x.css'], parts: ['org'] }],
    languages: { ko: ['assets/ko.js'], en: ['assets/en.js'], ja: ['assets/ja.js'], zh: ['assets/zh.js'] },
    parts: { org: { ko: ['assets/org-ko.js'], en: ['assets/org-en.js'], ja: ['assets/org-ja.js'], zh: ['assets/org-zh.js'] } },
  };

  it("links the language's, the parts' and the page's chunks once each, in that order, before </head>, and the page's CSS", () => {
    const page = withRoutePreloads(html, table, table.routes[0], 'ja_JP');
    expect(page).toContain('<html lang="ja">');
    const links = [...page.matchAll(/<link rel="(\w+)" crossorigin href="([^"]+)">/g)].map((match) => `${match[1]} ${match[2]}`);
    expect(links).toEqual([
      'modulepreload /assets/react.js',
      'modulepreload /assets/ja.js',
      'modulepreload /assets/org-ja.js',
      'modulepreload /assets/x.js',
      'stylesheet /assets/x.css',
    ]);
    expect(page.indexOf('/assets/x.css')).toBeLessThan(page.indexOf('</head>'));
  });

  it('without a table (an older build) sends index.html with the language only', () => {
    expect(withRoutePreloads(html, undefined, undefined, 'zh_CN')).toBe(html.replace('lang="ko"', 'lang="zh-CN"'));
  });
});
