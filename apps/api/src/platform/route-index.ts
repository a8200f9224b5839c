import type { FastifyInstance } from 'fastify';

interface KnownRoute {
  readonly pattern: RegExp;
  readonly methods: Set<string>;
}

const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** `/api/cab/v5/projects/:projectId` → a pattern of one segment per parameter; `*` matches the rest. */
function patternOf(url: string): RegExp {
  const body = url
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : escape(segment).replace(/\\\*/g, '.*')))
    .join('/');
  // ignoreTrailingSlash: "/a" and "/a/" are one route.
  return new RegExp(`^${body}/?$`);
}

/**
 * Every route's path and methods, gathered as they are registered, so a request that matched no
 * route can tell "no such path" (404) from "this path, another method" (405 with Allow). Must be
 * created before the routes are.
 */
export function createRouteIndex(app: FastifyInstance) {
  const routes = new Map<string, KnownRoute>();
  app.addHook('onRoute', (route) => {
    // The static files' catch-all (`/*`) would make every path known; a missing file is not found.
    if (route.url === '/*') return;
    const known = routes.get(route.url) ?? { pattern: patternOf(route.url), methods: new Set<string>() };
    for (const method of [route.method].flat()) known.methods.add(method);
    routes.set(route.url, known);
  });
  return {
    /** The methods routes answer at this path (query aside), sorted; none for an unknown path. */
    methodsAt(url: string): string[] {
      const path = url.split('?', 1)[0] ?? '';
      const methods = new Set<string>();
      for (const route of routes.values()) if (route.pattern.test(path)) for (const method of route.methods) methods.add(method);
      return [...methods].sort();
    },
  };
}
