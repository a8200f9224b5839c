import { describe, expect, it, vi } from 'vitest';
import { resetAfterFile } from './unit-file-isolation.ts';

/** The per-file reset of the unit project's shared workers (unit-file-isolation.ts, vitest.config.ts). */
describe('unit file isolation', () => {
  it('puts back what a file changed and makes its own modules evaluate again; libraries stay loaded', async () => {
    const own = await import('../step-cpu.ts');
    const library = await import('zod');
    vi.stubEnv('UNIT_ISOLATION_PROBE', 'set');
    vi.stubGlobal('unitIsolationProbe', 1);
    const spy = vi.spyOn(Math, 'random').mockReturnValue(2);
    vi.useFakeTimers();

    resetAfterFile();

    expect(process.env.UNIT_ISOLATION_PROBE).toBeUndefined();
    expect('unitIsolationProbe' in globalThis).toBe(false);
    expect(Math.random()).toBeLessThan(1);
    expect(spy).not.toBe(Math.random);
    expect(vi.isFakeTimers()).toBe(false);
    expect((await import('../step-cpu.ts')).stepCpuTimer).not.toBe(own.stepCpuTimer);
    expect((await import('zod')).z).toBe(library.z);
  });
});
