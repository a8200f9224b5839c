/**
 * The V8 heap settings the API server runs with: `npm start` (package.json, which cannot import
 * this and is held to it by node-flags.test.ts), the bench's server and `npm run dev`.
 *
 * The young generation starts at 16 MB a semi-space and may grow to 64 MB (V8's default starts at
 * 1 MB and grew only to a few). A request allocates 15-26 KB even when its answer comes from
 * memory, and the 50 requests in flight keep theirs alive across a scavenge: with the default,
 * 60,000 cached reads took 270-330 scavenges (0.5-1.3 s of pauses) and promoted those in-flight
 * objects, which filled the old generation and brought a mark-compact of 20-150 ms about once a
 * minute — the p99 of a cached read; with these, 17-90 scavenges (0.06-0.27 s) and mostly no
 * mark-compact (issue 8, fifteenth pass; docs/decisions.md, "The server's young generation").
 * About 20 MB more resident memory.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--min-semi-space-size=16', '--max-semi-space-size=64'];
