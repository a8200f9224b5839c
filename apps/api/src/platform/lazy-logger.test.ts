import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLogger } from './lazy-logger.ts';

function logger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { parent: pino({ level }, stream), lines };
}

describe('lazyChildLogger', () => {
  it('makes no child until the request logs; then logs with its bindings, at the parent level or its own', async () => {
    const { parent, lines } = logger('warn');
    const child = vi.spyOn(parent, 'child');
    const log = lazyChildLogger.call(undefined as never, parent, { reqId: 'r-1' }, {}, undefined as never);
    expect(log.level).toBe('warn');
    expect(child).not.toHaveBeenCalled();
    log.info('not written at warn');
    log.warn({ route: '/x' }, 'written');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([expect.objectContaining({ level: 40, reqId: 'r-1', route: '/x', msg: 'written' })]);

    const quiet = lazyChildLogger.call(undefined as never, parent, { reqId: 'r-2' }, {}, undefined as never);
    expect(quiet.level).toBe('warn');
    expect(child).toHaveBeenCalledTimes(1);
    const verbose = lazyChildLogger.call(undefined as never, parent, { reqId: 'r-3' }, { level: 'debug' }, undefined as never);
    expect(verbose.level).toBe('debug');
    verbose.debug('debug line');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.at(-1)).toEqual(expect.objectContaining({ level: 20, reqId: 'r-3', msg: 'debug line' }));
  });
});
