import type { FastifyInstance, FastifyRequest } from 'fastify';
import { firstCalls } from '@console/contracts/first-calls';
import { isUuid } from '@console/contracts/ids';

/**
 * The calls a signed-in page makes before its first paint, preloaded in its HTML (issue 16): an
 * organization's or a project's page otherwise asks its IP rule, then its data, only after its
 * scripts have arrived and run — two or three round trips in a row behind them. With the calls in
 * the HTML the browser asks them beside the scripts, and the page's queries (the web's route
 * prefetch, the same URLs: @console/contracts/first-calls) find the answers in hand.
 *
 * The area's order is kept, by the server: an organization's calls are preloaded only when its IP
 * rule lets this request in (the same check the page makes first), a project's only when the caller
 * can see the project (its GET answers) and its organization's rule lets them in. So a page whose
 * gate would stop the browser preloads only the gate, and the HTML names an organization only to a
 * caller who may see it.
 */

/** One call of the page, answered as the browser would be: the answer's body when it succeeds. */
export type AskCall = (url: string) => Promise<Record<string, unknown> | undefined>;

const allowed = (answer: Record<string, unknown> | undefined) => answer?.allowed === true;

/** The URLs to preload for a page whose route prefetches `kinds`, at an address with `params`. */
export async function firstCallUrls(kinds: readonly string[], params: Readonly<Record<string, string>>, ask: AskCall): Promise<string[]> {
  const has = (kind: string) => kinds.includes(kind);
  // The shell's own (every signed-in page), after the page's: the page's header needs those first.
  const shell = has('signed-in') ? firstCalls.signedIn() : [];
  const orgId = params.orgId;
  if (has('org-area') && orgId !== undefined && isUuid(orgId)) {
    const gate = firstCalls.orgGate(orgId);
    if (!allowed(await ask(gate))) return [gate, ...shell];
    return [gate, ...firstCalls.orgArea(orgId), ...(has('org-overview') ? firstCalls.orgOverview(orgId) : []), ...shell];
  }
  const projectId = params.projectId;
  if (has('project-area') && projectId !== undefined && isUuid(projectId)) {
    const own = firstCalls.project(projectId);
    const project = (await ask(own))?.project as { projectOrgId?: unknown } | undefined;
    const projectOrgId = project?.projectOrgId;
    if (typeof projectOrgId !== 'string' || !isUuid(projectOrgId)) return [own, ...shell];
    const gate = firstCalls.orgGate(projectOrgId);
    if (!allowed(await ask(gate))) return [own, gate, ...shell];
    return [
      own,
      gate,
      ...firstCalls.projectArea(projectId, projectOrgId),
      ...(has('project-overview') ? firstCalls.projectOverview(projectOrgId) : []),
      ...shell,
    ];
  }
  return shell;
}

/** Headers of the page's request that a call does not carry (a call asks for JSON, whole, afresh). */
const NOT_CARRIED = new Set(['accept', 'accept-encoding', 'connection', 'content-length', 'content-type', 'if-modified-since', 'if-none-match', 'range']);

/**
 * Asks this server's own API, in process, as the page's request: its cookie, address, user agent
 * and other headers, so the session, the permission check, the role conditions and the network
 * rules answer as they will answer the browser's call a moment later.
 */
export function askThroughApp(app: FastifyInstance, request: FastifyRequest): AskCall {
  const headers: Record<string, string | string[]> = { accept: 'application/json' };
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && !NOT_CARRIED.has(name)) headers[name] = value;
  }
  return async (url) => {
    const response = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
    if (response.statusCode !== 200) return undefined;
    const body = response.json<Record<string, unknown>>();
    const header = body.header as { isSuccessful?: unknown } | undefined;
    return header?.isSuccessful === true ? body : undefined;
  };
}
