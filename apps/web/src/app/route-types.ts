import type { Feature } from '@console/contracts/config';
import type { Lang } from '@console/contracts/locales';
import type { ParseKeys } from 'i18next';
import type { ComponentType } from 'react';
import type { Prefetch } from '../data/prefetch/route-prefetch.ts';
import type { MessagePart } from '../shared/i18n/message-parts.ts';

/**
 * A breadcrumb of a route: a fixed text, the name of the organization or project in the URL, or
 * (a product page) "Services" and the product's name in the user's language.
 */
export type Crumb =
  | { readonly kind: 'text'; readonly key: ParseKeys }
  | { readonly kind: 'org' }
  | { readonly kind: 'project' }
  | { readonly kind: 'product' };

/**
 * The text of a side-navigation link: a key of the first-paint messages (the side navigation shows
 * on every page, before any part loads), or the link's name in the four languages, given with the
 * route when its feature's strings all sit in a part (a new module touches no shared locale file).
 */
export type NavLabel = ParseKeys | Readonly<Record<Lang, string>>;

/**
 * A side-navigation link to the route (app/shell/SideNav.tsx reads them from the table, in its
 * order): on a direct child of the organization's or the project's route, or of the signed-in
 * layout (the account links at the end). Its href is the route's path in the scope of the page;
 * `to` goes on below it (auth-information → user-access-key).
 */
export interface NavLink {
  readonly label: NavLabel;
  readonly to?: string;
}

/** One entry of the console's route table (spec §2), as data. */
export interface RouteEntry {
  readonly id: string;
  readonly path?: string;
  readonly index?: true;
  /** The page or layout component, loaded the first time the route is visited. */
  readonly load?: () => Promise<ComponentType>;
  /**
   * The message parts (shared/i18n/message-parts.ts) the route's layout or page shows, loaded with
   * its code: the route renders once both are in (the loading state shows meanwhile). The parts of
   * the layouts above count too. Checked by app/route-messages.test.ts.
   */
  readonly messages?: readonly MessagePart[];
  /**
   * The queries the layout or page asks for on its first render, started by the route's loader
   * instead (issue 16): beside the route's code, not after it has loaded and rendered. Not awaited
   * (the route renders as before; its queries find the answers in flight or in). Run when the
   * document is opened at the route's address (not on a click inside the console, where the
   * address — read by the API client's headers — still names the page being left). Its `calls`
   * (data/prefetch/route-prefetch.ts) also go into the page's HTML as preloads (the API's
   * platform/first-calls.ts), so these queries find the answers on their way.
   */
  readonly prefetch?: Prefetch;
  /** An index route that only forwards to a sibling path (e.g. 'dashboard'). */
  readonly redirectTo?: string;
  /** The page exists only when this feature is on; otherwise the user goes to the dashboard. */
  readonly feature?: Feature;
  readonly crumb?: Crumb;
  readonly nav?: NavLink;
  /** /partners/... leave for the external partner center (when the partner feature is on). */
  readonly partnerRedirect?: true;
  readonly children?: readonly RouteEntry[];
}

/** What react-router keeps of an entry, for breadcrumbs. */
export interface RouteHandle {
  readonly crumb?: Crumb | undefined;
}
