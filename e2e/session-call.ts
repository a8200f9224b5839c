import type { APIResponse, Page } from '@playwright/test';

/**
 * A call with the signed-in `page`'s session: its browser context's cookies, and the CSRF token
 * (the `csrfToken` cookie) echoed in `x-csrf-token` as the console's own client does. For set-up
 * and checks through the API beside what a test does on screen.
 */
export async function sessionFetch(
  page: Page,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: object,
  headers: Record<string, string> = {},
): Promise<APIResponse> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrfToken')?.value ?? '';
  return page.request.fetch(path, { method, headers: { 'x-csrf-token': csrf, ...headers }, ...(data ? { data } : {}) });
}
