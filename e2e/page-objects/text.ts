/** A pattern matching text that contains `text` (a field's description also holds its constraint). */
export const containing = (text: string | RegExp): RegExp =>
  text instanceof RegExp ? text : new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
