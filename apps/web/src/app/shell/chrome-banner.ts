/** Chromium-based browsers that are not Chrome: they carry "Chrome/" in their user agent too. */
const NOT_CHROME = /\b(?:Edg|Edge|EdgA|EdgiOS|OPR|Opera|OPT|SamsungBrowser|Whale|YaBrowser|UCBrowser|Vivaldi|Brave)\//;
const CHROME_VERSION = /\b(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/;

/** The Chrome major version of a user agent, or undefined when the browser is not Chrome. */
export function chromeMajorVersion(userAgent: string): number | undefined {
  if (NOT_CHROME.test(userAgent)) return undefined;
  const match = CHROME_VERSION.exec(userAgent);
  return match?.[1] ? Number(match[1]) : undefined;
}

/** Whether the browser is the one the console recommends: Chrome of at least `minVersion`. */
export function isRecommendedBrowser(userAgent: string, minVersion: number): boolean {
  const version = chromeMajorVersion(userAgent);
  return version !== undefined && version >= minVersion;
}
