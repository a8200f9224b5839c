import type { Lang } from './locales.ts';

/** Region codes of the platform (spec §3, OrgRegion). GLOBAL is never offered in the selector. */
export const REGION_CODES = ['GLOBAL', 'KR1', 'KR2', 'KR3', 'KR4', 'US1', 'JP1', 'PJ1', 'GOV-KR2'] as const;
export type RegionCode = (typeof REGION_CODES)[number];
export const DEFAULT_REGION: RegionCode = 'KR1';
export const HIDDEN_REGION: RegionCode = 'GLOBAL';

export interface RegionDefinition {
  readonly code: RegionCode;
  /** English name: the `regionName` the API answers (kept as it was before the other languages came). */
  readonly name: string;
  readonly names: Readonly<Record<Lang, string>>;
  readonly iconName: string;
  readonly priority: number;
}

/** The platform's regions with their names in the console languages (spec §3: Korea, Japan, USA). */
export const REGION_CATALOGUE: readonly RegionDefinition[] = [
  { code: 'GLOBAL', name: 'Global', names: { ko: '글로벌', en: 'Global', ja: 'グローバル', zh: '全球' }, iconName: 'global', priority: 0 },
  { code: 'KR1', name: 'Korea (Pangyo)', names: { ko: '한국(판교)', en: 'Korea (Pangyo)', ja: '韓国(板橋)', zh: '韩国(板桥)' }, iconName: 'kor', priority: 1 },
  { code: 'KR2', name: 'Korea (Pyeongchon)', names: { ko: '한국(평촌)', en: 'Korea (Pyeongchon)', ja: '韓国(坪村)', zh: '韩国(坪村)' }, iconName: 'kor', priority: 2 },
  { code: 'KR3', name: 'Korea (Gwangju)', names: { ko: '한국(광주)', en: 'Korea (Gwangju)', ja: '韓国(光州)', zh: '韩国(光州)' }, iconName: 'kor', priority: 3 },
  { code: 'KR4', name: 'Korea (Gwangju 2)', names: { ko: '한국(광주2)', en: 'Korea (Gwangju 2)', ja: '韓国(光州2)', zh: '韩国(光州2)' }, iconName: 'kor', priority: 4 },
  { code: 'JP1', name: 'Japan (Tokyo)', names: { ko: '일본(도쿄)', en: 'Japan (Tokyo)', ja: '日本(東京)', zh: '日本(东京)' }, iconName: 'jpn', priority: 5 },
  { code: 'US1', name: 'USA (California)', names: { ko: '미국(캘리포니아)', en: 'USA (California)', ja: '米国(カリフォルニア)', zh: '美国(加利福尼亚)' }, iconName: 'usa', priority: 6 },
  { code: 'PJ1', name: 'Korea (Pangyo, private)', names: { ko: '한국(판교, 프라이빗)', en: 'Korea (Pangyo, private)', ja: '韓国(板橋、プライベート)', zh: '韩国(板桥，私有)' }, iconName: 'kor', priority: 7 },
  { code: 'GOV-KR2', name: 'Korea (Government)', names: { ko: '한국(공공기관)', en: 'Korea (Government)', ja: '韓国(公共機関)', zh: '韩国(公共机构)' }, iconName: 'kor', priority: 8 },
];

export const regionDefinition = (code: string): RegionDefinition | undefined =>
  REGION_CATALOGUE.find((region) => region.code === code);

/**
 * The OrgRegion of spec §3 when nothing else is known (defaults KR1, Korea, kor, 0): what the
 * console shows before an organization's regions have loaded.
 */
export const DEFAULT_ORG_REGION = {
  regionCode: 'KR1',
  regionName: 'Korea',
  regionIconName: 'kor',
  regionPriority: 0,
} as const;

/** Regions a new organization starts with: the default region and GLOBAL. */
export const NEW_ORG_REGIONS: readonly RegionCode[] = [HIDDEN_REGION, DEFAULT_REGION];
