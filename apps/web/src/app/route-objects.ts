import type { ConsoleConfig } from '@console/contracts/config';
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { loadMessageParts } from '../shared/i18n/i18n.ts';
import type { MessagePart } from '../shared/i18n/message-parts.ts';
import { featureGateRedirect } from './navigation/feature-gate.ts';
import { legacyRedirect } from './navigation/legacy-redirects.ts';
import { partnerRedirectTarget } from './navigation/partner-redirect.ts';
import type { RouteEntry, RouteHandle } from './route-types.ts';

export interface RouteDeps {
  /** The console configuration (feature switches, partner center address). */
  readonly getConfig: () => Promise<ConsoleConfig>;
  /** Leaves the console for another site. */
  readonly leave: (url: string) => void;
  /** Loads message parts in the active language (default: shared/i18n's `loadMessageParts`). */
  readonly loadMessages?: (parts: readonly MessagePart[]) => Promise<void>;
  /** The query client the entries' `prefetch` start queries in (none: nothing is prefetched). */
  readonly queryClient?: QueryClient;
}

/** What the partner route's page gets from its loader. */
export interface PartnerLoaderData {
  readonly redirecting: boolean;
}

function indexRedirectLoader(redirectTo: string) {
  return ({ request, params }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    // A splat route (`*`) forwards from its parent's path, not from the unknown path below it.
    const splat = params['*'];
    const pathname = splat ? url.pathname.slice(0, url.pathname.length - encodeURI(splat).length) : url.pathname;
    const base = pathname.endsWith('/') ? pathname : `${pathname}/`;
    return redirect(`${base}${redirectTo}${url.search}`);
  };
}

function featureGateLoader(entry: RouteEntry, deps: RouteDeps) {
  return async ({ params }: LoaderFunctionArgs) => {
    const target = featureGateRedirect(entry.feature, await deps.getConfig(), params);
    if (target) throw redirect(target);
    return null;
  };
}

function partnerLoader(deps: RouteDeps) {
  return async ({ request }: LoaderFunctionArgs): Promise<PartnerLoaderData> => {
    const url = new URL(request.url);
    const target = partnerRedirectTarget(url.pathname, url.search, await deps.getConfig());
    if (target) deps.leave(target);
    return { redirecting: target !== undefined };
  };
}

/**
 * Starts the entry's queries (`RouteEntry.prefetch`) when the document was opened at this address:
 * then the API client's headers (read from the address) are the page's. Answers null at once.
 */
function prefetchLoader(prefetch: NonNullable<RouteEntry['prefetch']>, queryClient: QueryClient) {
  return ({ request, params }: LoaderFunctionArgs) => {
    if (new URL(request.url).pathname === window.location.pathname) prefetch(queryClient, params);
    return null;
  };
}

function loaderOf(entry: RouteEntry, deps: RouteDeps) {
  if (entry.redirectTo !== undefined) return indexRedirectLoader(entry.redirectTo);
  if (entry.partnerRedirect) return partnerLoader(deps);
  if (entry.feature) return featureGateLoader(entry, deps);
  if (entry.prefetch && deps.queryClient) return prefetchLoader(entry.prefetch, deps.queryClient);
  return undefined;
}

/** The page of a route that only forwards (its loader redirects before anything renders). */
const Forwarding = () => null;

/**
 * Turns the route table into react-router routes: lazy pages, redirects, gates, breadcrumbs.
 * `inherited`: the message parts named by entries above that have no code of their own to load
 * them with (a group such as `alarm` or `security-setting`): the pages below load them.
 */
export function toRouteObjects(entries: readonly RouteEntry[], deps: RouteDeps, inherited: readonly MessagePart[] = []): RouteObject[] {
  return entries.map((entry): RouteObject => {
    const handle: RouteHandle = { crumb: entry.crumb };
    const load = entry.load;
    const messages = [...inherited, ...(entry.messages ?? [])];
    const loadMessages = deps.loadMessages ?? loadMessageParts;
    // The page's strings load beside its code; the route renders when both are in (no raw keys):
    // until then the previous page stays with the navigation's progress, or (first load) nothing.
    const lazy = load
      ? async () => {
          const [Component] = await Promise.all([load(), loadMessages(messages)]);
          return { Component };
        }
      : undefined;
    const Component = entry.redirectTo !== undefined ? Forwarding : undefined;
    const loader = loaderOf(entry, deps);
    if (entry.index) return { id: entry.id, index: true, handle, lazy, Component, loader };
    return {
      id: entry.id,
      path: entry.path,
      handle,
      lazy,
      Component,
      loader,
      // A layout loads its parts before its pages render; a group without code passes them down.
      children: entry.children ? toRouteObjects(entry.children, deps, load ? [] : messages) : undefined,
    };
  });
}

/** The root route's loader: forwards legacy paths before the table is matched. */
export function legacyRedirectLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const target = legacyRedirect(url.pathname, url.search);
  if (target) throw redirect(target);
  return null;
}
