/**
 * The command palette's model (issue 16): what it can find and how it ranks a query. Pure, so the
 * ranking is tested without a browser.
 */

export const PALETTE_KINDS = ['action', 'page', 'project', 'organization', 'roleGroup', 'member'] as const;
export type PaletteKind = (typeof PALETTE_KINDS)[number];

export interface PaletteItem {
  /** Unique within the palette (kind and id or path). */
  readonly id: string;
  readonly kind: PaletteKind;
  /** What the list shows, in the user's language. */
  readonly label: string;
  /** A second line: where it is (organization, project) or who (an email). */
  readonly detail?: string | undefined;
  /**
   * Everything the item is found by: its label in each of the four languages, names, emails.
   * The label itself is always one of them.
   */
  readonly terms: readonly string[];
  /** Where choosing it goes (a console path), unless `run` does something else. */
  readonly href?: string | undefined;
  /** What choosing it does instead of going somewhere (opens a dialog). */
  readonly run?: (() => void) | undefined;
  /** Set when the user may not do it: shown, disabled, with the reason (the roles that would allow it). */
  readonly disabledReason?: string | undefined;
}

/** Case, width and accents folded: "Ｍｅｍｂｅｒｓ", "members" and "Mémbers" meet. */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{Mn}/gu, '').toLowerCase().trim();
}

/**
 * How well a term matches a folded query: 0 equal, 1 starts with it, 2 a word starts with it,
 * 3 contains it; undefined when it does not.
 */
function termScore(term: string, query: string): number | undefined {
  const folded = fold(term);
  if (folded === query) return 0;
  if (folded.startsWith(query)) return 1;
  const at = folded.indexOf(query);
  if (at < 0) return undefined;
  return /[\s\-_.@/(]/.test(folded[at - 1] ?? '') ? 2 : 3;
}

const KIND_ORDER: Readonly<Record<PaletteKind, number>> = Object.fromEntries(PALETTE_KINDS.map((kind, index) => [kind, index])) as Record<PaletteKind, number>;

/**
 * The items matching `query` (every word of it, in any of the item's terms), best first: by how
 * well the best term matches, then actions and pages before data, then allowed before disabled,
 * then the label. An empty query answers the items in their given order (actions and pages of
 * where the user is). At most `limit`.
 */
export function searchPalette(items: readonly PaletteItem[], query: string, limit = 50): PaletteItem[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return items.slice(0, limit);
  const scored: { item: PaletteItem; score: number; index: number }[] = [];
  items.forEach((item, index) => {
    let total = 0;
    for (const word of words) {
      let best: number | undefined;
      for (const term of item.terms) {
        const score = termScore(term, word);
        if (score !== undefined && (best === undefined || score < best)) best = score;
      }
      if (best === undefined) return;
      total += best;
    }
    scored.push({ item, score: total, index });
  });
  scored.sort(
    (a, b) =>
      a.score - b.score ||
      KIND_ORDER[a.item.kind] - KIND_ORDER[b.item.kind] ||
      Number(a.item.disabledReason !== undefined) - Number(b.item.disabledReason !== undefined) ||
      a.index - b.index,
  );
  return scored.slice(0, limit).map(({ item }) => item);
}
