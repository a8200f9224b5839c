/**
 * The constants of metrics.ts without its schemas (metrics.ts re-exports them): zod-free, so a web
 * page can use them without loading zod (issue 16).
 */

export const AGGREGATIONS = ['avg', 'sum', 'min', 'max', 'count'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];
export const LABEL_OPERATORS = ['=', '!='] as const;
