import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * A static import inside a Cloudscape module that the console's pages never render at first paint,
 * turned into a component loaded on demand (React.lazy, no fallback) where it is rendered. The
 * module and its import line are matched exactly; if a Cloudscape update changes the line the build
 * warns and keeps the module as it is (the budget check then shows the growth).
 */
export interface OnDemandImport {
  /** The importing module, by the end of its path (`app-layout/internal.js`). */
  readonly module: string;
  /** The import line as Cloudscape writes it: `import Name from './path';` (a default import). */
  readonly line: string;
  /** Why it is not needed for the first paint (for the reader and the build's warning). */
  readonly why: string;
  /**
   * Rendered (hidden) on every signed-in page, so its code would be asked for at the shell's first
   * render: instead, once the page has painted (apps/web/src/shared/lib/page-painted.ts), nothing
   * rendered until then.
   */
  readonly afterPage?: boolean;
}

/** The gate `afterPage` imports waits for: the module the console's own code uses (one instance). */
export const PAGE_PAINTED_MODULE = fileURLToPath(new URL('../src/shared/lib/page-painted.ts', import.meta.url));

export const CLOUDSCAPE_ON_DEMAND: readonly OnDemandImport[] = [
  {
    // AppLayout renders one of its three layouts: classic when visual refresh is off (never: this
    // Cloudscape is always visual refresh), the toolbar layout when a console-wide global flag
    // (`appLayoutToolbar`/`appLayoutWidget`) is set (the console sets none), else the
    // visual-refresh one, the one the console shows (−28 KiB gzip on every signed-in page).
    module: 'app-layout/internal.js',
    line: "import ClassicAppLayout from './classic';",
    why: "AppLayout's classic layout",
  },
  {
    module: 'app-layout/internal.js',
    line: "import ToolbarAppLayout from './visual-refresh-toolbar';",
    why: "AppLayout's toolbar layout",
  },
  {
    // The toolbar layout's drawer of runtime feature notices (none in the console) lists them with
    // a List, and the List its drag-and-drop sorting (@dnd-kit, ≈ 20 KiB gzip).
    module: 'app-layout/visual-refresh-toolbar/drawer/feature-notifications-drawer-content.js',
    line: "import List from '../../../list/internal';",
    why: 'the feature-notifications drawer',
  },
  {
    // The visual-refresh layout's menu for drawers that do not fit beside each other: a
    // ButtonDropdown (with Dropdown, its items list and positioning), rendered only when the layout
    // has drawers to overflow — the console passes none.
    module: 'app-layout/visual-refresh/drawers.js',
    line: "import OverflowMenu from '../drawer/overflow-menu';",
    why: "AppLayout's drawers overflow menu",
  },
  {
    module: 'app-layout/mobile-toolbar/index.js',
    line: "import OverflowMenu from '../drawer/overflow-menu';",
    why: "AppLayout's mobile drawers overflow menu",
  },
  {
    // Breadcrumbs collapse into a ButtonDropdown only when they do not fit on one line (a narrow
    // window, a long trail); the top bar's menus request ButtonDropdown once the page is idle
    // (shared/ui/MenuButton.tsx), so it is usually there before it is needed.
    // The collapsed-items menu is always rendered (hidden while nothing is collapsed), so its code
    // would be asked for at the shell's first render, between the first paint and the page's header
    // (issue 16, LCP): it waits for the page's paint.
    module: 'breadcrumb-group/implementation.js',
    line: "import InternalButtonDropdown from '../button-dropdown/internal';",
    why: "the breadcrumbs' collapsed-items menu",
    afterPage: true,
  },
  {
    module: 'breadcrumb-group/all-items-dropdown.js',
    line: "import InternalButtonDropdown from '../button-dropdown/internal';",
    why: "the breadcrumbs' all-items menu",
    afterPage: true,
  },
];

/**
 * A fix to a Cloudscape module the installed version needs, as an exact text and its replacement;
 * like an import on demand, a text no longer there only warns at build time (and fails the test).
 */
export interface CloudscapePatch {
  readonly module: string;
  readonly find: string;
  readonly replace: string;
  readonly why: string;
}

export const CLOUDSCAPE_PATCHES: readonly CloudscapePatch[] = [
  {
    // The visual-refresh layout's mobile toolbar (a narrow window) is a <nav> with
    // aria-orientation, which the navigation role does not support: axe's aria-allowed-attr,
    // critical, on every signed-in page at a phone's width. A nav's links need no orientation.
    module: 'app-layout/visual-refresh/mobile-toolbar.js',
    find: '"aria-orientation": "horizontal", className: clsx(styles[\'mobile-toolbar-nav\']',
    replace: "className: clsx(styles['mobile-toolbar-nav']",
    why: "the mobile toolbar's navigation without aria-orientation",
  },
];

const importLine = /^import (\w+) from '([^']+)';$/;

/**
 * `line` rewritten: the same name, now a component that loads its module when first rendered (refs
 * forwarded); with `afterPage`, when first rendered once the page has painted (nothing until then).
 */
export function onDemandSource(line: string, afterPage = false): string {
  const match = importLine.exec(line);
  if (!match) throw new Error(`not a default import line: ${line}`);
  const [, name, specifier] = match;
  const lazy = `const Lazy${name} = React.lazy(() => import('${specifier}'));\n`;
  const render = `React.createElement(React.Suspense, { fallback: null }, React.createElement(Lazy${name}, { ...props, ref }))`;
  if (!afterPage) return `${lazy}const ${name} = React.forwardRef((props, ref) => ${render});`;
  return (
    `import { pagePainted as __pagePainted${name}, whenPagePainted as __whenPagePainted${name} } from ${JSON.stringify(PAGE_PAINTED_MODULE)};\n` +
    lazy +
    `const ${name} = React.forwardRef((props, ref) => {\n` +
    `  const [asked, setAsked] = React.useState(__pagePainted${name});\n` +
    `  React.useEffect(() => (asked ? undefined : __whenPagePainted${name}(() => setAsked(true))), [asked]);\n` +
    `  return asked ? ${render} : null;\n` +
    `});`
  );
}

/** The entries of `table` for the module `id` (a path as the bundler names it, on any platform). */
function entriesFor<T extends { readonly module: string }>(table: readonly T[], id: string): T[] {
  const normalized = id.replaceAll('\\', '/');
  return table.filter((entry) => normalized.endsWith(`/@cloudscape-design/components/${entry.module}`));
}

/** Applies the patches of `table` that are for the module `id`; undefined when nothing applies; `warn` for a text no longer there. */
export function patchModule(code: string, id: string, table: readonly CloudscapePatch[], warn: (message: string) => void): string | undefined {
  let result = code;
  for (const entry of entriesFor(table, id)) {
    if (!result.includes(entry.find)) {
      warn(`Cloudscape changed ${entry.module}: ${entry.why} is not applied`);
      continue;
    }
    result = result.replace(entry.find, entry.replace);
  }
  return result === code ? undefined : result;
}

/** Rewrites `code` of the module `id` by `table`; undefined when nothing applies; `warn` for a line no longer there. */
export function rewriteOnDemand(code: string, id: string, table: readonly OnDemandImport[], warn: (message: string) => void): string | undefined {
  const entries = entriesFor(table, id);
  if (entries.length === 0) return undefined;
  let result = code;
  for (const entry of entries) {
    if (!result.includes(entry.line)) {
      warn(`Cloudscape changed ${entry.module}: ${entry.why} loads with every page again`);
      continue;
    }
    if (!/^import React\b/m.test(result)) {
      warn(`Cloudscape's ${entry.module} no longer imports React by that name: ${entry.why} loads with every page again`);
      continue;
    }
    result = result.replace(entry.line, onDemandSource(entry.line, entry.afterPage));
  }
  return result === code ? undefined : result;
}

/**
 * Cloudscape modules import code the console's first paint never renders (issue 16): the build
 * loads it on demand instead, where it is rendered (CLOUDSCAPE_ON_DEMAND); and a few texts the
 * installed version gets wrong are fixed (CLOUDSCAPE_PATCHES). Only the build: the dev server and
 * the unit tests run Cloudscape as published (the end-to-end suite runs the build).
 */
export function cloudscapeOnDemand(table: readonly OnDemandImport[] = CLOUDSCAPE_ON_DEMAND, patches: readonly CloudscapePatch[] = CLOUDSCAPE_PATCHES): Plugin {
  return {
    name: 'console:cloudscape-on-demand',
    apply: 'build',
    transform(code, id) {
      const warn = (message: string) => this.warn(message);
      const patched = patchModule(code, id, patches, warn);
      return rewriteOnDemand(patched ?? code, id, table, warn) ?? patched;
    },
  };
}
