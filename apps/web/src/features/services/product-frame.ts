import type { Locale } from '@console/contracts/locales';
import type { ProductUi } from '@console/contracts/products';

/**
 * The address a product page loads (services-design "The iframe address"): PROXY entries through
 * the console's own origin at /product-proxy/{productId}{linkUrl} with the project, its Appkey,
 * language, region and theme (never the SecretKey); NONE entries at the product's own URL; NEW
 * entries are absolute links opened in a new window.
 */
export function frameSrcOf(
  entry: Pick<ProductUi, 'productId' | 'linkUrl' | 'iframeTypeCode' | 'linkTargetCode'>,
  context: { projectId: string; appKey: string; lang: string; regionCode: string; theme: 'light' | 'dark'; productUrl: string | null },
): string | undefined {
  const linkUrl = entry.linkUrl ?? '/';
  if (entry.linkTargetCode === 'NEW') return /^https?:\/\//.test(linkUrl) ? linkUrl : undefined;
  if (entry.iframeTypeCode === 'PROXY') {
    const query = new URLSearchParams({
      projectId: context.projectId,
      appKey: context.appKey,
      lang: context.lang,
      region: context.regionCode,
      theme: context.theme,
      // The console's tabs lead between the product's pages: the framed page shows none of its own.
      embedded: '1',
    });
    const path = linkUrl.startsWith('/') ? linkUrl : `/${linkUrl}`;
    return `/product-proxy/${encodeURIComponent(entry.productId)}${path}?${query.toString()}`;
  }
  return context.productUrl ? `${context.productUrl.replace(/\/$/, '')}${linkUrl}` : undefined;
}

/**
 * An organization service's page (its ORG menu entry, PROXY only): the proxy's organization mode,
 * /product-proxy/{productId}{linkUrl}?orgId=… with language and theme (no project, no Appkey).
 */
export function orgFrameSrcOf(
  entry: Pick<ProductUi, 'productId' | 'linkUrl' | 'iframeTypeCode' | 'linkTargetCode'>,
  context: { orgId: string; lang: string; theme: 'light' | 'dark' },
): string | undefined {
  if (entry.linkTargetCode !== 'IFRAME' || entry.iframeTypeCode !== 'PROXY') return undefined;
  const linkUrl = entry.linkUrl ?? '/';
  const query = new URLSearchParams({ orgId: context.orgId, lang: context.lang, theme: context.theme, embedded: '1' });
  return `/product-proxy/${encodeURIComponent(entry.productId)}${linkUrl.startsWith('/') ? linkUrl : `/${linkUrl}`}?${query.toString()}`;
}

/**
 * Messages from an embedded product are taken only from the console's own origin (PROXY pages),
 * from an https host under the product domain (spec §2; `PRODUCT_DOMAIN`, default port only), from
 * an origin the operator listed (`PRODUCT_MESSAGE_ORIGINS`, exact match), or, outside production,
 * from http://localhost on any port (a product served on its own during development).
 */
export function acceptsProductMessage(
  origin: string,
  consoleOrigin: string,
  production: boolean,
  productDomain: string | null = null,
  messageOrigins: readonly string[] = [],
): boolean {
  if (origin === consoleOrigin || messageOrigins.includes(origin)) return true;
  if (!production && /^http:\/\/localhost(:\d+)?$/.test(origin)) return true;
  if (!productDomain) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  return url.protocol === 'https:' && url.port === '' && url.origin === origin && (host === productDomain || host.endsWith(`.${productDomain}`));
}

/** A manual link with {lang} (ko, en, ja, zh) and {locale} (ko_KR…) filled in (spec §2). */
export function manualLinkOf(link: string | null, locale: Locale): string | undefined {
  if (!link) return undefined;
  return link.replaceAll('{lang}', locale.slice(0, 2)).replaceAll('{locale}', locale);
}
