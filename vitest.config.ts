import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (no database; contracts, web, pure api code) and `api` (integration tests
 * of the API on a real PostgreSQL, one fresh database per file).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'apps/api/src/**/*.routes.test.ts', 'apps/api/src/**/*.db.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Whole user flows typed through user-event: on two cores shared with other work one can
          // take more than vitest's 5 s default. A guard against hangs, not a speed target.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.routes.test.ts', 'apps/api/src/**/*.db.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
