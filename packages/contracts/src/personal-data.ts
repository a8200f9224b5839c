/**
 * Personal data of other people — email, phone number, name, IAM ID — goes in plain only to
 * callers who may list the members of the scope an answer is about (the permission engine's
 * answer for Organization.Member.List / Project.Member.List, or their Iam variants for IAM
 * accounts), and to the person themselves. Everyone else gets the masked forms below: enough to
 * tell entries apart, not to read, contact or sign in as anyone (docs/decisions.md "Personal data
 * in answers"). The server masks; the console shows what it gets.
 */

/** What stands for the hidden part of a masked value. */
export const MASK = '***';

/** The first character (code point, so a Korean or Japanese name keeps one whole letter). */
const first = (value: string) => Array.from(value.trim())[0] ?? '';

/** `Kim Minsu` → `K***`, `홍길동` → `홍***`: the first letter, never the length. */
export function maskName(name: string): string {
  const letter = first(name);
  return letter === '' ? '' : `${letter}${MASK}`;
}

/** An IAM ID (`iam.user` → `i***`): like a name. */
export const maskUserCode = maskName;

/**
 * `sam@partner.example.com` → `s***@p***.com`: the first letter of the mailbox and of the domain,
 * and the top-level domain. Not an address → masked like a name.
 */
export function maskEmail(email: string): string {
  const value = email.trim();
  const at = value.lastIndexOf('@');
  if (at <= 0 || at === value.length - 1) return maskName(value);
  const labels = value.slice(at + 1).split('.');
  const domain = labels.length > 1 ? `${first(labels[0]!)}${MASK}.${labels.at(-1)}` : `${first(labels[0]!)}${MASK}`;
  return `${first(value.slice(0, at))}${MASK}@${domain}`;
}

/** `010-1234-5678` → `***78`: the last two digits only (a number of fewer than four digits: none). */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 4 ? `${MASK}${digits.slice(-2)}` : MASK;
}

/** How the activity feed names an IAM account: `Name (iam.id)`. */
export const iamAccountLabel = (name: string, userCode: string) => `${name} (${userCode})`;

/** `Lee Jiwoo (lee.jiwoo)` → `L*** (l***)`; any other text is masked like a name. */
export function maskIamAccountLabel(label: string): string {
  const match = /^(.*) \(([^()]*)\)$/s.exec(label);
  return match ? iamAccountLabel(maskName(match[1]!), maskUserCode(match[2]!)) : maskName(label);
}
