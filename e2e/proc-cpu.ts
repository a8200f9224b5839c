import { readdirSync, readFileSync } from 'node:fs';

/** USER_HZ on Linux: /proc's CPU times are in ticks of 1/100 s. */
const TICKS = 100;

export interface ProcCpu {
  readonly ppid: number;
  /** CPU seconds, user + system. */
  readonly cpu: number;
  /** The command line, its arguments joined by spaces. */
  readonly cmd: string;
}

/** Every process /proc lists now: its parent, its CPU time and its command line (e2e measuring tools). */
export function readProcs(): Map<number, ProcCpu> {
  const procs = new Map<number, ProcCpu>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces: the fields follow the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      procs.set(Number(entry), { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / TICKS, cmd });
    } catch {
      // Gone between the listing and the read.
    }
  }
  return procs;
}
