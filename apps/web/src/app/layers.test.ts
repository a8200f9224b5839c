import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = normalize(join(dirname(fileURLToPath(import.meta.url)), '..'));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every relative import of the production files under `folder`, as `from → to` (paths from src/). */
function imports(folder: string): { from: string; to: string }[] {
  return sourceFiles(join(SRC, folder)).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) => ({
      from: relative(SRC, file),
      to: relative(SRC, normalize(join(dirname(file), match[1] ?? ''))),
    })),
  );
}

const featureOf = (path: string) => /^features\/([^/]+)\//.exec(path)?.[1];

/**
 * The floors, top down: app/ → features/ → widgets/ → data/ → shared/. A floor imports only the
 * floors under it (and itself); features do not import each other.
 */
const FLOORS = ['app', 'features', 'widgets', 'data', 'shared'] as const;
const floorOf = (path: string) => FLOORS.findIndex((floor) => path.startsWith(`${floor}/`));

describe('web layers', () => {
  it("no file imports values from the contracts' index (it loads every contract module, with zod); a module path instead", () => {
    const fromIndex = sourceFiles(SRC).filter((file) => /^import\s+(?!type\s)[^;]*from\s+'@console\/contracts';/m.test(readFileSync(file, 'utf8')));
    expect(fromIndex.map((file) => relative(SRC, file))).toEqual([]);
  });

  it('a feature imports only widgets/, data/, shared/ and itself, never another feature', () => {
    const crossing = imports('features').filter(({ from, to }) => featureOf(to) !== undefined && featureOf(to) !== featureOf(from));
    expect(crossing).toEqual([]);
  });

  it('only data/ calls the API: no page, feature or widget imports callApi (a feature hands an endpoint ref to data/endpoint.ts at most)', () => {
    const callers = ['app', 'features', 'widgets'].flatMap((folder) =>
      sourceFiles(join(SRC, folder))
        .filter((file) => /import\s*\{[^}]*\bcallApi\b[^}]*\}\s*from\s+'(?:\.\.?\/)+shared\/api\/client\.ts'/.test(readFileSync(file, 'utf8')))
        .map((file) => relative(SRC, file)),
    );
    expect(callers).toEqual([]);
  });

  it.each(['features', 'widgets', 'data', 'shared'] as const)('%s/ imports no floor above it', (folder) => {
    const upward = imports(folder).filter(({ from, to }) => floorOf(to) !== -1 && floorOf(to) < floorOf(from));
    expect(upward).toEqual([]);
  });
});
