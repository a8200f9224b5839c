/**
 * The constants of alarms.ts without its schemas (alarms.ts re-exports them): zod-free, so a web
 * page can use them without loading zod (issue 16).
 */

export const ALARM_CONDITION_OPERATORS = ['GT', 'GTE', 'LT', 'LTE', 'EQ'] as const;
export type AlarmConditionOperator = (typeof ALARM_CONDITION_OPERATORS)[number];
export const ALARM_CATEGORIES = ['CRITICAL', 'WARNING', 'INFO'] as const;
/** The backtest's ranges, in hours back from now: 1 hour, 6 hours, a day, 3 days, 7 days (the default). */
export const BACKTEST_RANGE_HOURS = [1, 6, 24, 72, 168] as const;
export type BacktestRangeHours = (typeof BACKTEST_RANGE_HOURS)[number];
