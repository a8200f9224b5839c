/**
 * Whether two organization or project names count as the same for the duplicate warning: as the
 * server compares them, letter case and surrounding spaces aside (after NFC normalization).
 */
const normalize = (value: string) => value.normalize('NFC').trim().toLowerCase();

export function isSameName(a: string, b: string): boolean {
  const left = normalize(a);
  return left !== '' && left === normalize(b);
}
