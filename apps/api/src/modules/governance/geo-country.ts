import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { compileIpMatcher, parseIpv4, unmapIpv4 } from '../../platform/policy/ip.ts';

/**
 * IP-to-country, offline: the IPv4 table of @ip-location-db/geo-whois-asn-country (CC0; data from
 * the regional internet registries via NRO, CC BY 4.0 — attribution in README), shipped inside the
 * npm package. Read once, on the first lookup (about 334,000 ranges, a few MB in typed arrays), then
 * answered by binary search. IPv6 addresses (other than IPv4-mapped ones), private, loopback and
 * unassigned addresses have no country (null).
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

function loadTable(): Table {
  const require = createRequire(import.meta.url);
  const file = require.resolve('@ip-location-db/geo-whois-asn-country/geo-whois-asn-country-ipv4-num.csv');
  const text = readFileSync(file, 'latin1');
  const lines = text.split('\n');
  const starts = new Uint32Array(lines.length);
  const ends = new Uint32Array(lines.length);
  const countries = new Uint16Array(lines.length);
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
    starts[count] = Number(line.slice(0, first));
    ends[count] = Number(line.slice(first + 1, second));
    countries[count] = index;
    count += 1;
  }
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

/** The database's lookup (shared by every app in the process: the table is read once). */
export const geoCountry: CountryLookup = {
  countryOf(address: string): string | null {
    const value = parseIpv4(unmapIpv4(address));
    if (value === -1) return null;
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
