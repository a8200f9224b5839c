import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESULT_CODES } from '../packages/contracts/src/result-codes.ts';

/**
 * Issue 19: a comment names a result code by its key (`ORG_MEMBER_NOT_FOUND`), not by its number
 * (22019): a key can be searched for and read, and a number in prose goes stale silently. Numbers of
 * other catalogues stay (PostgreSQL's SQLSTATEs, the products' own codes listed from the spec), and
 * `-1` is an index far more often than INTERNAL_ERROR.
 */
const root = path.resolve(import.meta.dirname, '..');
const keyOf = new Map<string, string>();
for (const [key, { code }] of Object.entries(RESULT_CODES)) if (!keyOf.has(String(code))) keyOf.set(String(code), key);

const OTHER_CATALOGUES = ['PostgreSQL', 'SQLSTATE', "('-6', -6)", '400, 805'];
const NUMBER = /(?<![\w.:/-])-?\d{1,6}(?![\w.:%-]|\s?(?:ms|s|KiB|px|rows|bytes|minutes|days|hours)\b)/g;

/** The comment part of a line: a `//` comment, or a line of a block comment. */
function commentOf(line: string): string | undefined {
  const trimmed = line.trim();
  if (trimmed.startsWith('//') || trimmed.startsWith('*') || trimmed.startsWith('/*')) return trimmed;
  const at = line.indexOf('//');
  return at > 0 && !/['"`][^'"`]*\/\//.test(line) ? line.slice(at) : undefined;
}

function numberedCodesIn(source: string): { line: number; code: string; key: string }[] {
  return source.split('\n').flatMap((text, index) => {
    const comment = commentOf(text);
    if (comment === undefined || OTHER_CATALOGUES.some((other) => text.includes(other))) return [];
    return [...comment.matchAll(NUMBER)].flatMap(([code]) => {
      const key = keyOf.get(code);
      return key !== undefined && code !== '-1' && (code.startsWith('-') || code.length >= 4) ? [{ line: index + 1, code, key }] : [];
    });
  });
}

describe('comments name result codes by key', () => {
  it('finds a code named by number, and leaves keys, SQLSTATEs and indexes alone', () => {
    expect(numberedCodesIn('/** Refused with 22019 when they are not one. */')).toEqual([{ line: 1, code: '22019', key: 'ORG_MEMBER_NOT_FOUND' }]);
    expect(numberedCodesIn('  // answers -6 and the modal opens')).toEqual([{ line: 1, code: '-6', key: 'PERMISSION_DENIED' }]);
    expect(numberedCodesIn('/** ORG_MEMBER_NOT_FOUND when they are not one; 12 rows, 500 ms. */')).toEqual([]);
    expect(numberedCodesIn(' * a NUL byte (22021; PostgreSQL text cannot hold it)')).toEqual([]);
    expect(numberedCodesIn('/** The index, or -1 when absent. */')).toEqual([]);
    expect(numberedCodesIn("const code = 22019; // the number itself is code, not prose")).toEqual([]);
  });

  it('in the production sources of apps/ and packages/', () => {
    const files = execFileSync('git', ['ls-files', 'apps/*.ts', 'apps/*.tsx', 'packages/*.ts'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((file) => file !== '' && !/\.test\.tsx?$|\/locales\/|\/migrations\/|\/refs\/|\/test\/|result-codes\.ts$/.test(file));
    const numbered = files.flatMap((file) => numberedCodesIn(readFileSync(path.join(root, file), 'utf8')).map(({ line, code, key }) => `${file}:${line}: ${code} → ${key}`));
    expect(numbered).toEqual([]);
  });
});
