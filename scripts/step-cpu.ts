import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The CPU time of each `npm test` step (scripts/test.ts): the step runs under GNU time
 * (`/usr/bin/time`, Debian's `time` package), which writes the user and system seconds of the step
 * and everything it started (the children the kernel counts once they were waited for: vitest's
 * workers, Playwright's browsers and servers, their PostgreSQL) to a file of its own. On a machine
 * shared with other work, the CPU time is what compares two runs; the wall time follows the load.
 */
export interface StepCpuTimer {
  /** The command that runs `command args` under GNU time for the step `name`. */
  wrap(name: string, command: string, args: string[]): [string, string[]];
  /** The step's CPU seconds (user + system) once it ended; undefined if GNU time wrote none. */
  seconds(name: string): number | undefined;
  cleanup(): void;
}

/** A timer when GNU time is installed (Linux), else undefined: the runner then gives wall times only. */
export function stepCpuTimer(time = '/usr/bin/time'): StepCpuTimer | undefined {
  if (process.platform !== 'linux' || !existsSync(time)) return undefined;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'npm-test-cpu-'));
  const file = (name: string) => path.join(dir, name.replaceAll(/[^\w-]/g, '_'));
  return {
    wrap: (name, command, args) => [time, ['-f', '%U %S', '-o', file(name), command, ...args]],
    seconds: (name) => (existsSync(file(name)) ? cpuSecondsFrom(readFileSync(file(name), 'utf8')) : undefined),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * User + system seconds from GNU time's `-f '%U %S'` output. Its last line is the format's; a command
 * that failed or was killed gets a "Command exited with non-zero status" or "Command terminated by
 * signal" line before it.
 */
export function cpuSecondsFrom(text: string): number | undefined {
  const last = text.trim().split('\n').at(-1)?.trim() ?? '';
  const match = /^(\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/.exec(last);
  return match ? Number(match[1]) + Number(match[2]) : undefined;
}
