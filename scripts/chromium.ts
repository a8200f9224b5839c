import { existsSync } from 'node:fs';

/** Debian's Chromium (the full browser): the Lighthouse bench's, or CHROMIUM_PATH. Never a download. */
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's `chromium-headless-shell` package: the same Chromium build (Blink, V8) without the full
 * browser around it — what Playwright itself runs for headless tests. The end-to-end suite on it
 * used 0.75× the CPU of the full browser, its browser process 0.4×, its page processes 0.74×, every
 * test passing (docs/benchmarks-test-loop.md, "the e2e step's CPU, counted whole").
 */
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/** The browser the end-to-end suite drives: CHROMIUM_PATH, else the headless shell, else (not installed) the full Chromium. */
export const e2eChromiumPath = () => process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumPath());

/** Flags that keep Chromium from calling out of this closed network at every start. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
