import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { CLOUDSCAPE_ON_DEMAND, CLOUDSCAPE_PATCHES, onDemandSource, PAGE_PAINTED_MODULE, patchModule, rewriteOnDemand } from './cloudscape-on-demand.ts';

/** The installed package's folder (its exports do not name internal modules). */
const cloudscape = path.dirname(fileURLToPath(import.meta.resolve('@cloudscape-design/components/package.json')));
const installed = (module: string) => path.join(cloudscape, module);
/** A module of the installed Cloudscape: its path (the id a build would see) and its text. */
const source = (module: string) => ({ file: installed(module), code: readFileSync(installed(module), 'utf8') });

describe("the build's Cloudscape imports on demand", () => {
  it.each(CLOUDSCAPE_ON_DEMAND.map((entry) => [entry.why, entry] as const))(
    'finds %s in the installed Cloudscape and loads it where it is rendered',
    (_why, entry) => {
      const { file, code } = source(entry.module);
      const warn = vi.fn();
      const rewritten = rewriteOnDemand(code, file, [entry], warn);
      // A Cloudscape update that changes the line only warns at build time; here it fails.
      expect(warn).not.toHaveBeenCalled();
      expect(rewritten).toBeDefined();
      expect(rewritten).not.toContain(entry.line);
      const [, name, specifier] = /^import (\w+) from '([^']+)';$/.exec(entry.line)!;
      expect(rewritten).toContain(`React.lazy(() => import('${specifier}'))`);
      expect(rewritten).toContain(`const ${name} = React.forwardRef(`);
    },
  );

  it('rewrites every line of a module that has two, and leaves other modules alone', () => {
    const { file, code } = source('app-layout/internal.js');
    const rewritten = rewriteOnDemand(code, file, CLOUDSCAPE_ON_DEMAND, () => undefined)!;
    expect(rewritten).toContain("import('./classic')");
    expect(rewritten).toContain("import('./visual-refresh-toolbar')");
    // The layout the console shows stays static.
    expect(rewritten).toContain("import RefreshedAppLayout from './visual-refresh';");
    const other = source('button/index.js');
    expect(rewriteOnDemand(other.code, other.file, CLOUDSCAPE_ON_DEMAND, () => undefined)).toBeUndefined();
  });

  it('warns and keeps the module when the line is no longer there', () => {
    const warn = vi.fn();
    const id = '/x/node_modules/@cloudscape-design/components/breadcrumb-group/implementation.js';
    const code = "import React from 'react';\nimport InternalButtonDropdown from '../button-dropdown/next';\n";
    expect(rewriteOnDemand(code, id, CLOUDSCAPE_ON_DEMAND, warn)).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("the breadcrumbs' collapsed-items menu loads with every page again"));
  });

  it('forwards refs and renders nothing until the code has arrived', () => {
    expect(onDemandSource("import List from '../list/internal';")).toBe(
      "const LazyList = React.lazy(() => import('../list/internal'));\n" +
        'const List = React.forwardRef((props, ref) => React.createElement(React.Suspense, { fallback: null }, React.createElement(LazyList, { ...props, ref })));',
    );
    expect(() => onDemandSource("import { List } from '../list';")).toThrow(/not a default import/);
  });

  it.each(CLOUDSCAPE_PATCHES.map((entry) => [entry.why, entry] as const))('applies %s to the installed Cloudscape', (_why, entry) => {
    const { file, code } = source(entry.module);
    const warn = vi.fn();
    const patched = patchModule(code, file, [entry], warn);
    expect(warn).not.toHaveBeenCalled();
    expect(patched).toBeDefined();
    expect(patched).not.toContain(entry.find);
    expect(patched).toContain(entry.replace);
  });

  it('leaves the mobile toolbar\'s navigation without aria-orientation (axe: not allowed on a nav)', () => {
    const { file, code } = source('app-layout/visual-refresh/mobile-toolbar.js');
    const patched = patchModule(code, file, CLOUDSCAPE_PATCHES, () => undefined)!;
    const nav = /React\.createElement\("nav", \{[^}]*\}/.exec(patched)![0];
    expect(nav).not.toContain('aria-orientation');
    expect(nav).toContain("styles['mobile-toolbar-nav']");
  });
});

describe("the breadcrumbs' menus wait for the page (issue 16, LCP)", () => {
  it('are asked for once the page has been shown: rendered hidden on every signed-in page, they would go out before its header', () => {
    const breadcrumbs = CLOUDSCAPE_ON_DEMAND.filter((entry) => entry.module.startsWith('breadcrumb-group/'));
    expect(breadcrumbs).toHaveLength(2);
    expect(breadcrumbs.every((entry) => entry.afterPage === true)).toBe(true);
    const { file, code } = source('breadcrumb-group/implementation.js');
    const rewritten = rewriteOnDemand(code, file, CLOUDSCAPE_ON_DEMAND, () => undefined)!;
    // The gate is the console's own module (one instance with the layouts that open it).
    expect(rewritten).toContain(`from ${JSON.stringify(PAGE_PAINTED_MODULE)};`);
    expect(PAGE_PAINTED_MODULE.endsWith(path.join('src', 'shared', 'lib', 'page-painted.ts'))).toBe(true);
    expect(rewritten).toContain('React.useState(__pagePaintedInternalButtonDropdown)');
    expect(rewritten).toContain('return asked ? React.createElement(React.Suspense');
    expect(rewritten).toContain(': null;');
    // The layouts the console never renders stay plain on-demand components.
    expect(onDemandSource("import List from '../list/internal';")).not.toContain('page-painted');
  });
});
