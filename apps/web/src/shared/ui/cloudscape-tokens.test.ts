import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cloudscapeTokens } from './cloudscape-tokens.ts';

describe('cloudscapeTokens', () => {
  it("names each token as the installed Cloudscape components do (their generated tokens), so the console's styles follow dark mode and density", () => {
    const require = createRequire(import.meta.url);
    const root = path.dirname(path.dirname(require.resolve('@cloudscape-design/components/box')));
    const generated = readFileSync(path.join(root, 'internal/generated/styles/tokens.js'), 'utf8');
    for (const [name, value] of Object.entries(cloudscapeTokens)) {
      const installed = new RegExp(`export var ${name} = "([^"]+)"`).exec(generated)?.[1];
      expect(`${name} = ${value}`).toBe(`${name} = ${installed}`);
    }
  });

  it("is set by the components' theme CSS, a colour again for dark mode", () => {
    const require = createRequire(import.meta.url);
    const root = path.dirname(path.dirname(require.resolve('@cloudscape-design/components/box')));
    const css = readFileSync(path.join(root, 'internal/base-theme/styles.scoped.css'), 'utf8');
    for (const value of Object.values(cloudscapeTokens)) {
      const variable = /var\((--[\w-]+),/.exec(value)![1]!;
      const settings = css.split(`${variable}:`).length - 1;
      // A colour is set again for dark mode (a space for compact density, a radius once).
      expect(settings, variable).toBeGreaterThanOrEqual(variable.startsWith('--color-') ? 2 : 1);
    }
  });
});
