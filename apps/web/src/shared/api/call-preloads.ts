/**
 * The page's first calls its HTML preloaded (the API's platform/first-calls.ts, issue 16). The
 * browser keeps a preloaded answer until a fetch of the same URL takes it — however late. A page
 * that leaves for sign-in before taking them (its session ended between the HTML and the first
 * call) would otherwise meet those signed-out answers after signing in again, in the same document.
 * So on the way to sign-in, the ones not taken are taken here and dropped; one already taken is
 * asked again, which the signed-out caller is refused (nothing is kept).
 */
const CALL_PRELOADS = 'link[rel="preload"][as="fetch"][href^="/api/cab/"]';

export function dropCallPreloads(doc: Document = document): void {
  for (const link of doc.querySelectorAll<HTMLLinkElement>(CALL_PRELOADS)) {
    const href = link.getAttribute('href');
    link.remove();
    if (href) void fetch(href, { credentials: 'same-origin', headers: { accept: 'application/json' } }).catch(() => undefined);
  }
}
