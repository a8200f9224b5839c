import { getDevClock, resetDevClock, setDevClock } from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { registerEndpoint } from '../../platform/routes.ts';

/**
 * A clock the server can shift (DEV_CLOCK_CONTROL=true only): `now` is the wrapped clock plus an
 * offset, and it is the app's one clock — every ctx.now(), session timeout, job and the permission
 * engine read it. End-to-end tests move it to see time-bound behaviour without waiting.
 */
export interface DevClock {
  readonly now: Clock;
  offsetMs(): number;
  setOffset(offsetMs: number): void;
}

export function createDevClock(base: Clock): DevClock {
  let offset = 0;
  return {
    now: () => new Date(base().getTime() + offset),
    offsetMs: () => offset,
    setOffset(offsetMs) {
      offset = offsetMs;
    },
  };
}

/**
 * GET/PUT/DELETE /api/console/v1/dev-clock. Registered always (the API reference lists every
 * endpoint); without a dev clock each answers NOT_FOUND like an unknown route, as the dev outbox does
 * without SMTP.
 */
export function registerDevClockRoutes(app: FastifyInstance, deps: { devClock: DevClock | undefined }) {
  const enabled = (): DevClock => {
    if (!deps.devClock) throw new AppError('NOT_FOUND');
    return deps.devClock;
  };
  const view = (clock: DevClock) => ({ offsetMs: clock.offsetMs(), now: clock.now().toISOString() });
  registerEndpoint(app, getDevClock, async () => view(enabled()));
  registerEndpoint(app, setDevClock, async ({ ctx, body }) => {
    const clock = enabled();
    clock.setOffset(body.offsetMs);
    app.log.warn({ requestId: ctx.requestId, offsetMs: body.offsetMs }, 'dev clock shifted');
    return view(clock);
  });
  registerEndpoint(app, resetDevClock, async () => {
    const clock = enabled();
    clock.setOffset(0);
    return view(clock);
  });
}
