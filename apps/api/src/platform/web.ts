import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '@console/contracts';
import { LOCALE_COOKIE } from '@console/contracts/locales';
import { createConsoleHtml } from './console-html.ts';
import { cookieOf } from './cookies.ts';
import { askThroughApp, firstCallUrls } from './first-calls.ts';

/**
 * Serves the built console (apps/web/dist), brotli- or gzip-compressed at build time. Hashed assets are cached for a year; index.html is
 * never cached, so a deploy reaches browsers at once. Unknown non-API paths get index.html and
 * the console's router shows its own not-found page. The index.html of an address carries the
 * preload links of the page the router will show there, in the user's language (console-html.ts),
 * and, signed in, the page's first calls (first-calls.ts).
 */
export async function registerWeb(
  app: FastifyInstance,
  distDir: string,
  /** Whether a session cookie's token names a usable session (platform/session.ts); without it, any cookie counts. */
  hasUsableSession: (token: string) => Promise<boolean> = () => Promise.resolve(true),
) {
  const indexFile = path.join(distDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Looks files up at request time, so a rebuild of the web is served without a restart;
      // a miss falls through to the not-found handler (index.html for console paths).
      wildcard: true,
      index: false,
      // The build writes a .br and a .gz beside each script and style sheet (apps/web/vite.config.ts):
      // the one the browser accepts is sent, with `Vary: Accept-Encoding`.
      preCompressed: true,
      setHeaders: (reply: FastifyReply, filePath: string) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn(`the web console is not built (${indexFile} is missing): run npm run build:web`);
  }

  const consoleHtml = createConsoleHtml(distDir);
  const serveConsole = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!built) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web console is not built. Run `npm run build:web` and restart.');
    }
    const pathname = request.url.split('?')[0]!;
    // Without a usable session a signed-in page sends the visitor to sign-in: its preloads are
    // sign-in's. An ended session's cookie (the morning after) counts as none; a failed lookup as one.
    const token = cookieOf(request, SESSION_COOKIE);
    const signedIn = token ? await hasUsableSession(token).catch(() => true) : false;
    // A signed-in organization's or project's page carries its first calls (platform/first-calls.ts):
    // the HTML then names this visitor's organization, so no shared cache keeps it.
    const ask = askThroughApp(app, request);
    const html = await consoleHtml(pathname, cookieOf(request, LOCALE_COOKIE), signedIn, (kinds, params) =>
      firstCallUrls(kinds, params, ask).catch(() => []),
    );
    return reply.header('cache-control', 'private, no-cache').type('text/html; charset=utf-8').send(html);
  };

  // The root is a directory to the static plugin; it is the console's home page to a person.
  app.get('/', { schema: { hide: true } }, serveConsole);
  return serveConsole;
}
