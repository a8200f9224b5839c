import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { routePreloads } from '../apps/web/build/route-preloads.ts';
import { firstPaintChunks, leaves, type Manifest } from './web-budget.ts';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js', '_client.js'], dynamicImports: ['src/app/shell/SessionLayout.tsx'] },
  '_react.js': { file: 'assets/react.js' },
  '_client.js': { file: 'assets/client.js', imports: ['_react.js'] },
  'src/shared/i18n/locales/ko.ts': { file: 'assets/ko.js' },
  'src/shared/i18n/locales/en.ts': { file: 'assets/en.js' },
  'src/shared/i18n/locales/members/ko.ts': { file: 'assets/members-ko.js' },
  'src/shared/i18n/locales/members/en.ts': { file: 'assets/members-en.js' },
  'node_modules/@cloudscape-design/components/i18n/messages/all.ko.js': { file: 'assets/all.ko.js' },
  'node_modules/@cloudscape-design/components/i18n/messages/all.zh-CN.js': { file: 'assets/all.zh.js' },
  'node_modules/zod/v4/locales/ko.js': { file: 'assets/zod-ko.js', imports: ['_zod-core.js'] },
  '_zod-core.js': { file: 'assets/zod-core.js' },
  'src/app/shell/SessionLayout.tsx': { file: 'assets/SessionLayout.js', imports: ['_app-layout.js', '_client.js'], dynamicImports: ['src/x/Modal.tsx'] },
  '_app-layout.js': { file: 'assets/app-layout.js' },
  'src/features/x/pages/XPage.tsx': { file: 'assets/XPage.js', imports: ['_table.js'] },
  '_table.js': { file: 'assets/table.js' },
  'src/x/Modal.tsx': { file: 'assets/Modal.js', imports: ['_form.js'] },
  '_form.js': { file: 'assets/form.js' },
};

describe('first-paint chunks of a route (npm run budget)', () => {
  it("counts the entry, the first language's console and Cloudscape messages (not zod's, which come with a form) and each matched module with their static imports, once each, and no dynamic import", () => {
    const chunks = firstPaintChunks(manifest, ['src/app/shell/SessionLayout.tsx', 'src/features/x/pages/XPage.tsx'], ['ko']);
    expect([...chunks].sort()).toEqual(
      [
        'index.html',
        '_react.js',
        '_client.js',
        'src/shared/i18n/locales/ko.ts',
        'node_modules/@cloudscape-design/components/i18n/messages/all.ko.js',
        'src/app/shell/SessionLayout.tsx',
        '_app-layout.js',
        'src/features/x/pages/XPage.tsx',
        '_table.js',
      ].sort(),
    );
  });

  it("counts the route's message parts in the first language, not in the others", () => {
    const chunks = firstPaintChunks(manifest, ['src/features/x/pages/XPage.tsx'], ['ko'], ['members']);
    expect(chunks.has('src/shared/i18n/locales/members/ko.ts')).toBe(true);
    expect(chunks.has('src/shared/i18n/locales/members/en.ts')).toBe(false);
    expect(firstPaintChunks(manifest, ['src/features/x/pages/XPage.tsx'], ['ko']).has('src/shared/i18n/locales/members/ko.ts')).toBe(false);
  });

  it('fails loudly on a module the build does not know', () => {
    expect(() => firstPaintChunks(manifest, ['src/features/gone/Page.tsx'], ['ko'])).toThrow(/not in Vite's manifest/);
  });

  it('walks the real route table: every page with the layouts above it and their first calls, redirects left out', () => {
    const routes = leaves([
      {
        id: 'signed-in',
        prefetch: { calls: 'org-area' },
        // Written as in apps/web/src/app/routes.ts (relative to it); never called here.
        load: () => import('./shell/SessionLayout.tsx' as string).then((m: { SessionLayout: never }) => m.SessionLayout),
        messages: ['org'],
        children: [
          { id: 'index', index: true, redirectTo: 'x' },
          {
            id: 'x',
            path: 'x',
            messages: ['members'],
            prefetch: { calls: 'org-overview' },
            load: () => import('../features/home/pages/HomePage.tsx' as string).then((m: { HomePage: never }) => m.HomePage),
          },
          { id: 'y', path: 'y', load: () => import('../features/home/pages/HomePage.tsx' as string).then((m: { HomePage: never }) => m.HomePage) },
        ],
      },
    ]);
    expect(routes).toEqual([
      {
        id: 'x',
        path: 'x',
        modules: ['src/app/shell/SessionLayout.tsx', 'src/features/home/pages/HomePage.tsx'],
        parts: ['org', 'members'],
        layouts: ['signed-in'],
        calls: ['org-area', 'org-overview'],
      },
      { id: 'y', path: 'y', modules: ['src/app/shell/SessionLayout.tsx', 'src/features/home/pages/HomePage.tsx'], parts: ['org'], layouts: ['signed-in'], calls: ['org-area'] },
    ]);
  });
});

describe("the pages' preload table (dist/.vite/route-preloads.json) and chunks cut by route", () => {
  // A build whose route groups put the page and the members part in one chunk (no manifest key of their own).
  const grouped: Manifest = {
    ...manifest,
    '_org-page-1.js': { file: 'assets/org-page-1.js', name: 'org-page-1', imports: ['_table.js', '_client.js'] },
    'src/app/shell/SessionLayout.tsx': { file: 'assets/SessionLayout.js', imports: ['_app-layout.js', '_client.js'], css: ['assets/shell.css'] },
    'index.html': { ...manifest['index.html']!, css: ['assets/base.css'] },
    'src/shared/i18n/locales/members/ja.ts': { file: 'assets/members-ja.js' },
    'src/shared/i18n/locales/members/zh.ts': { file: 'assets/members-zh.js' },
  };
  delete grouped['src/features/x/pages/XPage.tsx'];
  delete grouped['src/shared/i18n/locales/members/ko.ts'];
  const moduleFiles = {
    'src/features/x/pages/XPage.tsx': 'assets/org-page-1.js',
    'src/shared/i18n/locales/members/ko.ts': 'assets/org-page-1.js',
    'src/shared/i18n/locales/ko.ts': 'assets/ko.js',
  };
  const table = [
    {
      id: 'signed-in',
      load: () => import('./shell/SessionLayout.tsx' as string).then((m: { SessionLayout: never }) => m.SessionLayout),
      children: [
        {
          id: 'org',
          path: 'org/:orgId',
          children: [
            { id: 'org-index', index: true as const, redirectTo: 'x' },
            { id: 'x', path: 'x', messages: ['members'], load: () => import('../features/x/pages/XPage.tsx' as string).then((m: { XPage: never }) => m.XPage) },
          ],
        },
      ],
    },
  ];

  it("finds a module in the chunk it was grouped into (module-chunks.json), and fails without that map", () => {
    const chunks = firstPaintChunks(grouped, ['src/app/shell/SessionLayout.tsx', 'src/features/x/pages/XPage.tsx'], ['ko'], ['members'], moduleFiles);
    expect(chunks.has('_org-page-1.js')).toBe(true);
    expect(chunks.has('_table.js')).toBe(true);
    expect(() => firstPaintChunks(grouped, ['src/features/x/pages/XPage.tsx'], ['ko'])).toThrow(/not in Vite's manifest/);
  });

  it("lists each page's pattern and its chunks beyond index.html's, the forwarding addresses, the languages' and parts' chunks", () => {
    const preloads = routePreloads(grouped, table, path.resolve('apps/web'), moduleFiles);
    expect(preloads.routes).toEqual([
      {
        id: 'x',
        path: 'org/:orgId/x',
        files: ['assets/SessionLayout.js', 'assets/app-layout.js', 'assets/org-page-1.js', 'assets/table.js'],
        css: ['assets/shell.css'],
        parts: ['members'],
        // Beneath the signed-in layout: a visitor without a session gets the sign-in page's preloads.
        session: true,
      },
      { id: 'org-index', path: 'org/:orgId', redirect: 'org/:orgId/x' },
    ]);
    expect(preloads.languages.ko).toEqual(['assets/ko.js', 'assets/all.ko.js']);
    expect(preloads.languages.zh).toEqual(['assets/all.zh.js']);
    expect(preloads.parts.members!.ko).toEqual(['assets/org-page-1.js', 'assets/table.js']);
    expect(preloads.parts.members!.en).toEqual(['assets/members-en.js']);
  });
});
