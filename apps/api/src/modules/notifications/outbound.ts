import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Outbound HTTP for webhooks, safe against server-side request forgery: the target's name is
 * resolved first, every address it resolves to is checked (private, loopback, link-local, metadata,
 * multicast, reserved ranges are refused), and the connection goes to the address that was checked
 * (the socket's lookup answers it: no second resolution, no DNS-rebinding window). Redirects are
 * followed by hand (at most 3), each hop checked the same way. Hosts listed in
 * WEBHOOK_ALLOWED_HOSTS may be internal. Timeout 10 s; at most 4 KB of the response is read.
 */

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const defaultResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export const OUTBOUND_TIMEOUT_MS = 10_000;
export const RESPONSE_EXCERPT_BYTES = 4096;
const MAX_REDIRECTS = 3;

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** Why an address may not be called, or null when it may (public unicast). */
export function addressRefusal(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return 'not an IP address';
  let checked = address;
  let type: 'ipv4' | 'ipv6' = family === 4 ? 'ipv4' : 'ipv6';
  // An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) {
    checked = mapped[1]!;
    type = 'ipv4';
  }
  if (checked === '169.254.169.254' || address.toLowerCase() === 'fd00:ec2::254') return 'cloud metadata address';
  if (!blocked.check(checked, type)) return null;
  if (type === 'ipv4') {
    if (checked.startsWith('127.')) return 'loopback address';
    if (checked.startsWith('169.254.')) return 'link-local address';
    return 'private or reserved address';
  }
  const lower = checked.toLowerCase();
  if (lower === '::1') return 'loopback address';
  if (lower.startsWith('fe8') || lower.startsWith('fe9') || lower.startsWith('fea') || lower.startsWith('feb')) return 'link-local address';
  return 'private or reserved address';
}

export class OutboundRefusal extends Error {
  readonly host: string;
  readonly reason: string;
  constructor(host: string, reason: string) {
    super(`Refused to call ${host}: ${reason}`);
    this.host = host;
    this.reason = reason;
  }
}

export interface OutboundRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

export interface OutboundResult {
  outcome: 'SUCCESS' | 'HTTP_ERROR' | 'TIMEOUT' | 'NETWORK_ERROR' | 'REFUSED';
  httpStatus: number | null;
  latencyMs: number;
  excerpt: string;
  error: string | null;
}

export interface OutboundOptions {
  resolve?: Resolver;
  /** Host names (lower case, as in the URL) that may be internal: WEBHOOK_ALLOWED_HOSTS. */
  allowedHosts?: readonly string[];
  timeoutMs?: number;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

/** The address to connect to for `url`, checked; throws OutboundRefusal. */
export async function checkedAddress(url: URL, options: OutboundOptions): Promise<{ address: string; family: number }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefusal(url.host, 'only http and https are allowed');
  if (url.username || url.password) throw new OutboundRefusal(url.host, 'credentials in the URL are not allowed');
  const host = hostOf(url);
  const allowed = (options.allowedHosts ?? []).includes(host);
  const literal = isIP(host);
  const addresses = literal ? [{ address: host, family: literal }] : await (options.resolve ?? defaultResolver)(host).catch(() => []);
  if (addresses.length === 0) throw new OutboundRefusal(host, 'the name does not resolve');
  if (!allowed) {
    for (const { address } of addresses) {
      const refusal = addressRefusal(address);
      if (refusal) throw new OutboundRefusal(host, literal ? refusal : `resolves to ${address} (${refusal})`);
    }
  }
  return addresses[0]!;
}

function once(url: URL, target: { address: string; family: number }, request: OutboundRequest, signal: AbortSignal) {
  return new Promise<{ response: IncomingMessage; excerpt: string }>((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const body = Buffer.from(request.body, 'utf8');
    const outgoing = send(
      url,
      {
        method: request.method,
        headers: { ...request.headers, 'content-length': String(body.length) },
        signal,
        // Connect to the address that was checked, never a fresh resolution.
        lookup: (_hostname, lookupOptions, callback) => {
          if ((lookupOptions as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
          else callback(null, target.address, target.family);
        },
        ...(isIP(hostOf(url)) ? {} : { servername: hostOf(url) }),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let done = false;
        const finish = () => {
          if (done) return;
          done = true;
          resolve({ response, excerpt: Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8') });
          response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_EXCERPT_BYTES) finish();
        });
        response.on('end', finish);
        response.on('error', (error) => (done ? undefined : reject(error)));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Sends `request`, following redirects safely. Never throws: the outcome says what happened. */
export async function sendOutbound(request: OutboundRequest, options: OutboundOptions = {}, now: () => number = Date.now): Promise<OutboundResult> {
  const started = now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? OUTBOUND_TIMEOUT_MS);
  const elapsed = () => Math.max(0, Math.round(now() - started));
  let current: OutboundRequest = request;
  try {
    for (let hop = 0; ; hop++) {
      const url = new URL(current.url);
      const target = await checkedAddress(url, options);
      const { response, excerpt } = await once(url, target, current, controller.signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if ([301, 302, 303, 307, 308].includes(status) && location) {
        if (hop >= MAX_REDIRECTS) return { outcome: 'HTTP_ERROR', httpStatus: status, latencyMs: elapsed(), excerpt, error: 'too many redirects' };
        const next = new URL(location, url).toString();
        current = status === 307 || status === 308 ? { ...current, url: next } : { url: next, method: 'GET', headers: current.headers, body: '' };
        continue;
      }
      const ok = status >= 200 && status < 300;
      return { outcome: ok ? 'SUCCESS' : 'HTTP_ERROR', httpStatus: status, latencyMs: elapsed(), excerpt, error: null };
    }
  } catch (error) {
    if (error instanceof OutboundRefusal) return { outcome: 'REFUSED', httpStatus: null, latencyMs: elapsed(), excerpt: '', error: error.message };
    if (controller.signal.aborted) return { outcome: 'TIMEOUT', httpStatus: null, latencyMs: elapsed(), excerpt: '', error: 'no answer within 10 s' };
    return { outcome: 'NETWORK_ERROR', httpStatus: null, latencyMs: elapsed(), excerpt: '', error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
