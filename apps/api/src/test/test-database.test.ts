import { describe, expect, it } from 'vitest';
import { droppedByRun, runDatabasePrefix, STALE_RUN_MS } from './test-database.ts';

describe('which test databases a run drops as it ends', () => {
  const now = Date.UTC(2026, 10, 28, 21, 0);
  const mine = runDatabasePrefix(now - 60_000, 'a1b2c3d4');
  const beside = runDatabasePrefix(now - 120_000, '0f0f0f0f');
  const stale = runDatabasePrefix(now - STALE_RUN_MS - 60_000, '12345678');

  it('its own template and file databases', () => {
    expect(droppedByRun(`${mine}tpl`, mine, now)).toBe(true);
    expect(droppedByRun(`${mine}0123456789abcdef`, mine, now)).toBe(true);
  });

  it('not those of a run going on beside it', () => {
    expect(droppedByRun(`${beside}tpl`, mine, now)).toBe(false);
    expect(droppedByRun(`${beside}0123456789abcdef`, mine, now)).toBe(false);
  });

  it("a killed run's, once stale, and those named before runs had prefixes", () => {
    expect(droppedByRun(`${stale}tpl`, mine, now)).toBe(true);
    expect(droppedByRun('console_test_tpl_b3dc1d384920', mine, now)).toBe(true);
    expect(droppedByRun('console_test_0123456789abcdef', mine, now)).toBe(true);
  });
});
