import { describe, expect, it } from 'vitest';
import { chromeMajorVersion, isRecommendedBrowser } from './chrome-banner.ts';

const CHROME_124 =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.60 Safari/537.36';
const CHROME_123 = CHROME_124.replace('Chrome/124', 'Chrome/123');
const EDGE = `${CHROME_124} Edg/124.0.2478.51`;
const OPERA = `${CHROME_124} OPR/110.0.0.0`;
const WHALE = `${CHROME_124.replace(' Safari', ' Whale/3.26.244.21 Safari')}`;
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const CHROME_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1';
const HEADLESS =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36';

describe('Chrome recommendation', () => {
  it('accepts Chrome 124 and newer', () => {
    expect(isRecommendedBrowser(CHROME_124, 124)).toBe(true);
    expect(isRecommendedBrowser(CHROME_IOS, 124)).toBe(true);
    expect(isRecommendedBrowser(HEADLESS, 124)).toBe(true);
  });

  it('recommends Chrome to older Chrome', () => {
    expect(isRecommendedBrowser(CHROME_123, 124)).toBe(false);
  });

  it('does not count Edge, Opera or Whale as Chrome', () => {
    expect(chromeMajorVersion(EDGE)).toBeUndefined();
    expect(chromeMajorVersion(OPERA)).toBeUndefined();
    expect(chromeMajorVersion(WHALE)).toBeUndefined();
    expect(isRecommendedBrowser(EDGE, 124)).toBe(false);
  });

  it('recommends Chrome to Firefox and Safari', () => {
    expect(isRecommendedBrowser(FIREFOX, 124)).toBe(false);
    expect(isRecommendedBrowser(SAFARI, 124)).toBe(false);
  });
});
