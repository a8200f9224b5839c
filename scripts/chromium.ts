/** The Chromium the end-to-end suite drives: Debian's package, or CHROMIUM_PATH. Never a download. */
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
