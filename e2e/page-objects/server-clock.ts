import { expect, type APIRequestContext } from '@playwright/test';

const DEV_CLOCK = '/api/console/v1/dev-clock';

/**
 * The e2e server's clock (DEV_CLOCK_CONTROL=true in playwright.config.ts): moved through
 * /api/console/v1/dev-clock by a signed-in account of its own. The browser keeps the real clock;
 * the server decides with the moved one.
 */
export class ServerClock {
  private readonly request: APIRequestContext;
  private readonly account: { email: string; password: string };

  constructor(request: APIRequestContext, account: { email: string; password: string }) {
    this.request = request;
    this.account = account;
  }

  /** Moves the server's now to `instant` (plus the moments the call takes). */
  async moveTo(instant: Date) {
    const offsetMs = instant.getTime() - Date.now();
    const answer = await this.call('PUT', { offsetMs });
    expect(Math.abs(Date.parse(answer.now) - instant.getTime())).toBeLessThan(60_000);
  }

  /** Back on real time. */
  async reset() {
    const answer = await this.call('DELETE');
    expect(answer.offsetMs).toBe(0);
  }

  private async call(method: 'PUT' | 'DELETE', data?: object): Promise<{ offsetMs: number; now: string }> {
    // A session of the moment: one begun before a move may have ended with it.
    // (A sign-in over a live session echoes its CSRF token like any change.)
    const login = await this.request.post('/api/auth/v1/login', { data: this.account, headers: { 'x-csrf-token': await this.csrf() } });
    expect(login.ok(), await login.text()).toBe(true);
    const csrf = await this.csrf();
    const answer = await this.request.fetch(DEV_CLOCK, { method, headers: { 'x-csrf-token': csrf }, ...(data ? { data } : {}) });
    expect(answer.ok(), await answer.text()).toBe(true);
    return (await answer.json()) as { offsetMs: number; now: string };
  }

  private async csrf(): Promise<string> {
    return (await this.request.storageState()).cookies.find((cookie) => cookie.name === 'csrfToken')?.value ?? '';
  }
}

/** The instant of `HH:mm` in Seoul (UTC+9, no daylight saving) on the Seoul day `days` after today. */
export function seoulInstant(days: number, hhmm: string, from: Date = new Date()): Date {
  const seoul = new Date(from.getTime() + 9 * 3_600_000 + days * 86_400_000);
  const [hours, minutes] = hhmm.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(seoul.getUTCFullYear(), seoul.getUTCMonth(), seoul.getUTCDate(), hours - 9, minutes));
}

/** The Seoul calendar date of an instant as the console's Korean dates read ("2026. 11. 24."). */
export function seoulKoreanDate(instant: Date): string {
  const seoul = new Date(instant.getTime() + 9 * 3_600_000);
  return `${seoul.getUTCFullYear()}. ${seoul.getUTCMonth() + 1}. ${seoul.getUTCDate()}.`;
}
