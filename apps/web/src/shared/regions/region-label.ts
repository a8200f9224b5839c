import { langOf, type Locale } from '@console/contracts/locales';
import type { OrgRegion } from '@console/contracts/organizations';
import { regionDefinition } from '@console/contracts/regions';

/** A region's name in the console's language: the answer's own names, else the catalogue's, else the English name. */
export function regionLabel(region: Pick<OrgRegion, 'regionCode' | 'regionName' | 'regionNames'>, locale: Locale): string {
  const lang = langOf(locale);
  return region.regionNames?.[lang] ?? regionDefinition(region.regionCode)?.names[lang] ?? region.regionName;
}

/** A region code's name in the console's language (the platform catalogue). */
export function regionCodeLabel(regionCode: string, locale: Locale): string {
  return regionDefinition(regionCode)?.names[langOf(locale)] ?? regionCode;
}
