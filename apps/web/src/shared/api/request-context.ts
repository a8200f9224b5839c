import { DEFAULT_LOCALE, type Locale } from '@console/contracts/locales';
import { DEFAULT_REGION } from '@console/contracts/regions';
import { safeStorage, STORAGE_KEYS } from '../lib/storage.ts';
import { createStore } from '../lib/store.ts';

/**
 * What the API client sends with every call besides the call's own input: the selected region and
 * the active locale. The app keeps it current. (The project id comes from the call or the path.)
 */
export interface RequestContext {
  readonly regionCode: string;
  readonly locale: Locale;
}

export const requestContext = createStore<RequestContext>({
  // The last region chosen, until the shell knows the organization's regions.
  regionCode: safeStorage.get(STORAGE_KEYS.region) ?? DEFAULT_REGION,
  locale: DEFAULT_LOCALE,
});

export function updateRequestContext(patch: Partial<RequestContext>): void {
  const current = requestContext.get();
  const changed = (Object.keys(patch) as (keyof RequestContext)[]).some((key) => patch[key] !== current[key]);
  if (changed) requestContext.set({ ...current, ...patch });
}

/** The project a console path is inside of (`/project/:projectId/...`), if any. */
export function projectIdFromPath(pathname: string): string | undefined {
  const match = /^\/project\/([^/]+)/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}
