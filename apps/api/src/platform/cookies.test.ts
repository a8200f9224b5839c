import { parseCookie } from 'cookie';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cookieIn } from './cookies.ts';

/** Headers built from the characters that matter to the reading: separators, spaces, tabs, `%`. */
const piece = fc.constantFrom('sid', 'xsid', 'sidx', 'userLocale', 'a', '=', ';', '; ', ' ', '\t', '%', '%41', '%E0%A4%A', 'tok', '==', '"v"');
const header = fc.array(piece, { maxLength: 14 }).map((parts) => parts.join(''));

describe('cookieIn', () => {
  it('reads a cookie exactly as the cookie package parses the header (arbitrary headers)', () => {
    fc.assert(
      fc.property(header, fc.constantFrom('sid', 'userLocale', 'a', 'xsid'), (text, name) => {
        expect(cookieIn(text, name)).toBe(parseCookie(text)[name]);
      }),
      { numRuns: 5000 },
    );
  });

  it('takes the first of two, never a name that only ends or starts with it, nor a value that holds it', () => {
    expect(cookieIn('sid=first; sid=second', 'sid')).toBe('first');
    expect(cookieIn('xsid=other; sidx=other2;  sid = mine ; b=2', 'sid')).toBe('mine');
    expect(cookieIn('a=sid=inside', 'sid')).toBeUndefined();
    expect(cookieIn('noequals; sid=after', 'sid')).toBe('after');
    expect(cookieIn('sid=%41%42', 'sid')).toBe('AB');
    expect(cookieIn('sid=%E0%A4%A', 'sid')).toBe('%E0%A4%A');
    expect(cookieIn('', 'sid')).toBeUndefined();
  });
});
