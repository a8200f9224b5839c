/** The IPs typed one per line (or separated by commas or spaces), blanks dropped. */
export const ipsOf = (text: string): string[] => text.split(/[\s,]+/).filter(Boolean);

/** Server field errors on one IP (`body.ips.3`) belong to the textarea. */
export const ipAliases = <F extends string>(field: F) => (error: unknown): Record<string, F> => {
  const names = (error as { fieldErrors?: readonly { field: string }[] } | undefined)?.fieldErrors?.map((item) => item.field) ?? [];
  return Object.fromEntries(names.filter((name) => /^body\.ips(\.\d+)?$/.test(name)).map((name) => [name, field]));
};
