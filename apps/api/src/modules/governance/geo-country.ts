import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { compileIpMatcher, parseIpv4, unmapIpv4 } from '../../platform/policy/ip.ts';

/**
 * IP-to-country, offline: the IPv4 and IPv6 tables of @ip-location-db/geo-whois-asn-country (CC0;
 * data from the regional internet registries via NRO, CC BY 4.0 — attribution in README), shipped
 * inside the npm package. Each table is read once, on the first lookup of its family (about 334,000
 * IPv4 and 216,000 IPv6 ranges, a few MB in typed arrays), then answered by binary search.
 * Private, loopback, documentation and other special-purpose addresses of either family, and
 * unassigned ones, have no country (null).
 */
export interface CountryLookup {
  countryOf(address: string): string | null;
}

interface Table {
  starts: Uint32Array;
  ends: Uint32Array;
  countries: Uint16Array;
  codes: string[];
}

/**
 * Reads one of the package's `start,end,CC` tables (bounds as decimal numbers): calls `row` with each
 * line's position, bounds (as written) and country index (`rowsOf` gets the line count first, to size its arrays), and answers the rows read and the country
 * codes by index. Both the IPv4 and the IPv6 tables are read by it.
 */
function readRangeTable(fileName: string, rowsOf: (size: number) => (at: number, start: string, end: string, country: number) => void) {
  const require = createRequire(import.meta.url);
  const lines = readFileSync(require.resolve(`@ip-location-db/geo-whois-asn-country/${fileName}`), 'latin1').split('\n');
  // The arrays are sized by the lines, once; rows beyond `count` are cut off by the caller.
  const row = rowsOf(lines.length);
  const codes: string[] = [];
  const indexOf = new Map<string, number>();
  let count = 0;
  for (const line of lines) {
    const first = line.indexOf(',');
    const second = line.indexOf(',', first + 1);
    if (first === -1 || second === -1) continue;
    const code = line.slice(second + 1, second + 3);
    let index = indexOf.get(code);
    if (index === undefined) {
      index = codes.push(code) - 1;
      indexOf.set(code, index);
    }
    row(count, line.slice(0, first), line.slice(first + 1, second), index);
    count += 1;
  }
  return { count, codes };
}

function loadTable(): Table {
  let starts = new Uint32Array(0);
  let ends = new Uint32Array(0);
  let countries = new Uint16Array(0);
  const { count, codes } = readRangeTable('geo-whois-asn-country-ipv4-num.csv', (size) => {
    [starts, ends, countries] = [new Uint32Array(size), new Uint32Array(size), new Uint16Array(size)];
    return (at, start, end, country) => {
      starts[at] = Number(start);
      ends[at] = Number(end);
      countries[at] = country;
    };
  });
  return { starts: starts.subarray(0, count), ends: ends.subarray(0, count), countries: countries.subarray(0, count), codes };
}

let table: Table | undefined;

/**
 * Special-purpose IPv4 blocks (RFC 6890: private, shared, loopback, link-local, documentation,
 * benchmarking, multicast, reserved) are never in a country, whatever a registry's file says
 * (the registries' data puts 192.168.0.0/16 in AU, for one).
 */
const SPECIAL_PURPOSE = compileIpMatcher([
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/3',
]);

/** An IPv6 address (zone id allowed, embedded IPv4 too) as a 128-bit integer, or null. */
export function parseIpv6(text: string): bigint | null {
  const address = text.includes('%') ? text.slice(0, text.indexOf('%')) : text;
  if (isIP(address) !== 6) return null;
  let words = address;
  const lastColon = words.lastIndexOf(':');
  const tail = words.slice(lastColon + 1);
  if (tail.includes('.')) {
    const v4 = parseIpv4(tail);
    if (v4 === -1) return null;
    words = `${words.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head, rest] = words.split('::') as [string, string | undefined];
  const left = head === '' ? [] : head.split(':');
  const right = rest === undefined || rest === '' ? [] : rest.split(':');
  const groups = rest === undefined ? left : [...left, ...Array.from({ length: 8 - left.length - right.length }, () => '0'), ...right];
  if (groups.length !== 8) return null;
  let value = 0n;
  for (const group of groups) value = (value << 16n) | BigInt(Number.parseInt(group, 16));
  return value;
}

const LOW_64 = (1n << 64n) - 1n;

/** The IPv6 table: ranges as 64-bit halves (no BigInt per row kept), sorted by start; a few overlap. */
interface Table6 {
  startHi: BigUint64Array;
  startLo: BigUint64Array;
  endHi: BigUint64Array;
  endLo: BigUint64Array;
  countries: Uint16Array;
  codes: string[];
}

/** The IPv6 table's columns, sized for `size` rows (each bound as two 64-bit halves). */
const ipv6Arrays = (size: number) => ({
  startHi: new BigUint64Array(size),
  startLo: new BigUint64Array(size),
  endHi: new BigUint64Array(size),
  endLo: new BigUint64Array(size),
  countries: new Uint16Array(size),
});

function loadTable6(): Table6 {
  let built = ipv6Arrays(0);
  const { count, codes } = readRangeTable('geo-whois-asn-country-ipv6-num.csv', (size) => {
    built = ipv6Arrays(size);
    return (at, startText, endText, country) => {
      const start = BigInt(startText);
      const end = BigInt(endText);
      built.startHi[at] = start >> 64n;
      built.startLo[at] = start & LOW_64;
      built.endHi[at] = end >> 64n;
      built.endLo[at] = end & LOW_64;
      built.countries[at] = country;
    };
  });
  return {
    startHi: built.startHi.subarray(0, count),
    startLo: built.startLo.subarray(0, count),
    endHi: built.endHi.subarray(0, count),
    endLo: built.endLo.subarray(0, count),
    countries: built.countries.subarray(0, count),
    codes,
  };
}

let table6: Table6 | undefined;

/**
 * Special-purpose IPv6 blocks (RFC 6890 and its successors): unspecified, loopback, NAT64,
 * discard, Teredo/ORCHID/benchmarking/documentation under 2001::/23 and 2001:db8::/32, 6to4,
 * unique local, link-local, multicast. Never in a country.
 */
const SPECIAL_PURPOSE_6 = compileIpMatcher(['::/128', '::1/128', '64:ff9b::/96', '64:ff9b:1::/48', '100::/64', '2001::/23', '2001:db8::/32', '2002::/16', '3fff::/20', 'fc00::/7', 'fe80::/10', 'ff00::/8']);

function countryOf6(address: string): string | null {
  const value = parseIpv6(address);
  if (value === null || SPECIAL_PURPOSE_6(address.includes('%') ? address.slice(0, address.indexOf('%')) : address)) return null;
  table6 ??= loadTable6();
  const { startHi, startLo, endHi, endLo, countries, codes } = table6;
  const hi = value >> 64n;
  const lo = value & LOW_64;
  // The last range starting at or before the address.
  let low = 0;
  let high = startHi.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (startHi[middle]! < hi || (startHi[middle] === hi && startLo[middle]! <= lo)) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  // A few ranges overlap their predecessor: look back a little.
  for (let index = found; index >= 0 && index > found - 4; index -= 1) {
    if (endHi[index]! > hi || (endHi[index] === hi && endLo[index]! >= lo)) return codes[countries[index]!]!;
  }
  return null;
}

/** The database's lookup (shared by every app in the process: each table is read once). */
export const geoCountry: CountryLookup = {
  countryOf(address: string): string | null {
    const value = parseIpv4(unmapIpv4(address));
    if (value === -1) return countryOf6(address);
    if (SPECIAL_PURPOSE(unmapIpv4(address))) return null;
    table ??= loadTable();
    const { starts, ends, countries, codes } = table;
    let low = 0;
    let high = starts.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      if (starts[middle]! > value) high = middle - 1;
      else if (ends[middle]! < value) low = middle + 1;
      else return codes[countries[middle]!]!;
    }
    return null;
  },
};
