import { COUNTRY_CODES } from '@console/contracts/governance-constants';

const namesByLanguage = new Map<string, Intl.DisplayNames | null>();

/** A country's name in the console's language (Intl), or its code where the runtime knows none. */
export function countryName(code: string, language: string): string {
  let names = namesByLanguage.get(language);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([language], { type: 'region' });
    } catch {
      names = null;
    }
    namesByLanguage.set(language, names);
  }
  return names?.of(code) ?? code;
}

/** Every country the rule knows, as options sorted by name in the language. */
export function countryOptions(language: string) {
  return COUNTRY_CODES.map((code) => ({ value: code, label: `${countryName(code, language)} (${code})` })).sort((a, b) =>
    a.label.localeCompare(b.label, language),
  );
}
