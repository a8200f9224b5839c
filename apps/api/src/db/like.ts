/** An ILIKE pattern matching values that contain `value` literally (%, _ and \ are escaped). */
export const containsPattern = (value: string): string => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
