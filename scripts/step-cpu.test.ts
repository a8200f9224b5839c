import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cpuSecondsFrom, stepCpuTimer } from './step-cpu.ts';

describe("npm test's CPU time per step (GNU time's output)", () => {
  it('adds user and system seconds', () => {
    expect(cpuSecondsFrom('12.34 5.66\n')).toBeCloseTo(18, 5);
    expect(cpuSecondsFrom('0.00 0.00')).toBe(0);
  });

  it('reads the last line after GNU time names a failure or a signal', () => {
    expect(cpuSecondsFrom('Command exited with non-zero status 1\n3.50 0.25\n')).toBeCloseTo(3.75, 5);
    expect(cpuSecondsFrom('Command terminated by signal 2\n1.00 1.00\n')).toBe(2);
  });

  it('answers nothing for what is not the format', () => {
    expect(cpuSecondsFrom('')).toBeUndefined();
    expect(cpuSecondsFrom('Command terminated by signal 9\n')).toBeUndefined();
    expect(cpuSecondsFrom('1.0 s wall, 2.0+3.0 s CPU')).toBeUndefined();
  });

  it('is off without GNU time', () => {
    expect(stepCpuTimer('/nonexistent/time')).toBeUndefined();
  });

  it.runIf(process.platform === 'linux' && existsSync('/usr/bin/time'))('counts the CPU of what a step starts, its children included', () => {
    const timer = stepCpuTimer()!;
    try {
      // A step that spends ≈0.3 s of CPU in a grandchild (node started by sh).
      const busy = `node -e "const end = process.cpuUsage().user + 300000; while (process.cpuUsage().user < end);"`;
      const [command, args] = timer.wrap('busy step', 'sh', ['-c', busy]);
      expect(spawnSync(command, args, { stdio: 'ignore' }).status).toBe(0);
      const seconds = timer.seconds('busy step');
      expect(seconds).toBeGreaterThanOrEqual(0.25);
      expect(seconds).toBeLessThan(30);
      expect(timer.seconds('a step that never ran')).toBeUndefined();
    } finally {
      timer.cleanup();
    }
    // 0.3 s of CPU took 20 s of wall at a load average of 37 (2026-11-27): a hang guard, not a target.
  }, 60_000);
});
