/// <reference types="vite/client" />
import type { Lang } from '@console/contracts/locales';
import type { en } from './locales/en.ts';
import type { activityEn } from './locales/activity/en.ts';
import type { homeEn } from './locales/home/en.ts';
import type { iamEn } from './locales/iam/en.ts';
import type { importsEn } from './locales/imports/en.ts';
import type { membersEn } from './locales/members/en.ts';
import type { orgEn } from './locales/org/en.ts';
import type { projectEn } from './locales/project/en.ts';
import type { rolesEn } from './locales/roles/en.ts';
import type { governanceEn } from './locales/governance/en.ts';
import type { securityEn } from './locales/security/en.ts';
import type { signInSecurityEn } from './locales/signInSecurity/en.ts';
import type { notificationsEn } from './locales/notifications/en.ts';
import type { servicesEn } from './locales/services/en.ts';
import type { alarmsEn } from './locales/alarms/en.ts';
import type { paletteEn } from './locales/palette/en.ts';
import type { invitationEn } from './locales/invitation/en.ts';
import type { experimentsEn } from './locales/experiments/en.ts';
import type { devOutboxEn } from './locales/devOutbox/en.ts';

/**
 * Message parts: the UI strings of a feature, in their own files (`locales/<part>/{en,ko,ja,zh}.ts`)
 * and their own chunks, loaded with the routes that name them (`messages` in app/routes.ts) instead
 * of with the first-paint messages every page pays for (issue 16). A part's blocks merge into the
 * one `translation` namespace, so keys stay `members.title` and stay type-checked. The recipe to
 * move a block here is in docs/architecture.md ("Messages per feature").
 */
const SHARED_PARTS = {
  // The alarm screens' block lives in locales/alarms/ as the block itself (alarmsEn = the `alarms` block).
  alarms: {
    en: () => import('./locales/alarms/en.ts').then((module) => ({ alarms: module.alarmsEn })),
    ko: () => import('./locales/alarms/ko.ts').then((module) => ({ alarms: module.alarmsKo })),
    ja: () => import('./locales/alarms/ja.ts').then((module) => ({ alarms: module.alarmsJa })),
    zh: () => import('./locales/alarms/zh.ts').then((module) => ({ alarms: module.alarmsZh })),
  },
  activity: {
    en: () => import('./locales/activity/en.ts').then((module) => module.activityEn),
    ko: () => import('./locales/activity/ko.ts').then((module) => module.activityKo),
    ja: () => import('./locales/activity/ja.ts').then((module) => module.activityJa),
    zh: () => import('./locales/activity/zh.ts').then((module) => module.activityZh),
  },
  home: {
    en: () => import('./locales/home/en.ts').then((module) => module.homeEn),
    ko: () => import('./locales/home/ko.ts').then((module) => module.homeKo),
    ja: () => import('./locales/home/ja.ts').then((module) => module.homeJa),
    zh: () => import('./locales/home/zh.ts').then((module) => module.homeZh),
  },
  iam: {
    en: () => import('./locales/iam/en.ts').then((module) => module.iamEn),
    ko: () => import('./locales/iam/ko.ts').then((module) => module.iamKo),
    ja: () => import('./locales/iam/ja.ts').then((module) => module.iamJa),
    zh: () => import('./locales/iam/zh.ts').then((module) => module.iamZh),
  },
  imports: {
    en: () => import('./locales/imports/en.ts').then((module) => module.importsEn),
    ko: () => import('./locales/imports/ko.ts').then((module) => module.importsKo),
    ja: () => import('./locales/imports/ja.ts').then((module) => module.importsJa),
    zh: () => import('./locales/imports/zh.ts').then((module) => module.importsZh),
  },
  members: {
    en: () => import('./locales/members/en.ts').then((module) => module.membersEn),
    ko: () => import('./locales/members/ko.ts').then((module) => module.membersKo),
    ja: () => import('./locales/members/ja.ts').then((module) => module.membersJa),
    zh: () => import('./locales/members/zh.ts').then((module) => module.membersZh),
  },
  org: {
    en: () => import('./locales/org/en.ts').then((module) => module.orgEn),
    ko: () => import('./locales/org/ko.ts').then((module) => module.orgKo),
    ja: () => import('./locales/org/ja.ts').then((module) => module.orgJa),
    zh: () => import('./locales/org/zh.ts').then((module) => module.orgZh),
  },
  project: {
    en: () => import('./locales/project/en.ts').then((module) => module.projectEn),
    ko: () => import('./locales/project/ko.ts').then((module) => module.projectKo),
    ja: () => import('./locales/project/ja.ts').then((module) => module.projectJa),
    zh: () => import('./locales/project/zh.ts').then((module) => module.projectZh),
  },
  roles: {
    en: () => import('./locales/roles/en.ts').then((module) => module.rolesEn),
    ko: () => import('./locales/roles/ko.ts').then((module) => module.rolesKo),
    ja: () => import('./locales/roles/ja.ts').then((module) => module.rolesJa),
    zh: () => import('./locales/roles/zh.ts').then((module) => module.rolesZh),
  },
  governance: {
    en: () => import('./locales/governance/en.ts').then((module) => module.governanceEn),
    ko: () => import('./locales/governance/ko.ts').then((module) => module.governanceKo),
    ja: () => import('./locales/governance/ja.ts').then((module) => module.governanceJa),
    zh: () => import('./locales/governance/zh.ts').then((module) => module.governanceZh),
  },
  security: {
    en: () => import('./locales/security/en.ts').then((module) => module.securityEn),
    ko: () => import('./locales/security/ko.ts').then((module) => module.securityKo),
    ja: () => import('./locales/security/ja.ts').then((module) => module.securityJa),
    zh: () => import('./locales/security/zh.ts').then((module) => module.securityZh),
  },
  signInSecurity: {
    en: () => import('./locales/signInSecurity/en.ts').then((module) => module.signInSecurityEn),
    ko: () => import('./locales/signInSecurity/ko.ts').then((module) => module.signInSecurityKo),
    ja: () => import('./locales/signInSecurity/ja.ts').then((module) => module.signInSecurityJa),
    zh: () => import('./locales/signInSecurity/zh.ts').then((module) => module.signInSecurityZh),
  },
  notifications: {
    en: () => import('./locales/notifications/en.ts').then((module) => module.notificationsEn),
    ko: () => import('./locales/notifications/ko.ts').then((module) => module.notificationsKo),
    ja: () => import('./locales/notifications/ja.ts').then((module) => module.notificationsJa),
    zh: () => import('./locales/notifications/zh.ts').then((module) => module.notificationsZh),
  },
  services: {
    en: () => import('./locales/services/en.ts').then((module) => module.servicesEn),
    ko: () => import('./locales/services/ko.ts').then((module) => module.servicesKo),
    ja: () => import('./locales/services/ja.ts').then((module) => module.servicesJa),
    zh: () => import('./locales/services/zh.ts').then((module) => module.servicesZh),
  },
  palette: {
    en: () => import('./locales/palette/en.ts').then((module) => module.paletteEn),
    ko: () => import('./locales/palette/ko.ts').then((module) => module.paletteKo),
    ja: () => import('./locales/palette/ja.ts').then((module) => module.paletteJa),
    zh: () => import('./locales/palette/zh.ts').then((module) => module.paletteZh),
  },
  invitation: {
    en: () => import('./locales/invitation/en.ts').then((module) => module.invitationEn),
    ko: () => import('./locales/invitation/ko.ts').then((module) => module.invitationKo),
    ja: () => import('./locales/invitation/ja.ts').then((module) => module.invitationJa),
    zh: () => import('./locales/invitation/zh.ts').then((module) => module.invitationZh),
  },
  experiments: {
    en: () => import('./locales/experiments/en.ts').then((module) => module.experimentsEn),
    ko: () => import('./locales/experiments/ko.ts').then((module) => module.experimentsKo),
    ja: () => import('./locales/experiments/ja.ts').then((module) => module.experimentsJa),
    zh: () => import('./locales/experiments/zh.ts').then((module) => module.experimentsZh),
  },
  devOutbox: {
    en: () => import('./locales/devOutbox/en.ts').then((module) => module.devOutboxEn),
    ko: () => import('./locales/devOutbox/ko.ts').then((module) => module.devOutboxKo),
    ja: () => import('./locales/devOutbox/ja.ts').then((module) => module.devOutboxJa),
    zh: () => import('./locales/devOutbox/zh.ts').then((module) => module.devOutboxZh),
  },
} as const satisfies Record<string, Readonly<Record<Lang, () => Promise<object>>>>;

/**
 * The parts that sit in their feature's folder (issue 19): `features/<feature>/messages/{en,ko,ja,zh}.ts`,
 * each exporting `messages` (the feature's blocks, English the typed source, the others
 * `DeepStrings<typeof en>`). The part is named after the folder, and found here by the files'
 * pattern (a build-time scan, as the API's app.ts scans its modules: nothing is imported by name),
 * so a feature adds its strings without a line in this file. Its English file adds the part's type
 * to `FeatureMessages` (`declare module '…/message-parts.ts'`), which keeps its keys type-checked.
 */
export interface FeatureMessages {}

// Vite (the build, vitest) replaces this call with the files' loaders; under plain Node (the e2e
// suite's raw-key check imports this module) there is no `import.meta.env` and no glob, and
// e2e/raw-keys.ts reads the feature folders itself.
const FEATURE_FILES = import.meta.env ? import.meta.glob<{ readonly messages: object }>('../../features/*/messages/{en,ko,ja,zh}.ts') : {};

function featureParts(): Record<string, Partial<Record<Lang, () => Promise<object>>>> {
  const parts: Record<string, Partial<Record<Lang, () => Promise<object>>>> = {};
  for (const [file, load] of Object.entries(FEATURE_FILES)) {
    const [, feature = '', lang = ''] = /\/features\/([^/]+)\/messages\/([a-z]+)\.ts$/.exec(file) ?? [];
    (parts[feature] ??= {})[lang as Lang] = () => load().then((module) => module.messages);
  }
  return parts;
}

export type MessagePart = keyof typeof SHARED_PARTS | keyof FeatureMessages;

/** Every part's four loaders (`locales/locales.test.ts` fails for a feature part that lacks a language). */
export const MESSAGE_PARTS = { ...featureParts(), ...SHARED_PARTS } as Readonly<Record<MessagePart, Readonly<Record<Lang, () => Promise<object>>>>>;
export const MESSAGE_PART_NAMES = Object.keys(MESSAGE_PARTS) as MessagePart[];

/** The intersection of a union's members: the type of every feature part's messages at once. */
type Intersected<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/**
 * Every UI string the console's code may ask for: the first-paint messages and every part (a
 * block may sit in both, split by sub-key: `roleGroups.title` paints with the shell, the rest of
 * `roleGroups` loads with the role-group pages).
 */
export type UiResources = typeof en &
  typeof activityEn &
  typeof homeEn &
  typeof iamEn &
  typeof importsEn &
  typeof membersEn &
  typeof orgEn &
  typeof projectEn &
  typeof rolesEn &
  typeof governanceEn &
  typeof securityEn &
  typeof signInSecurityEn &
  typeof notificationsEn &
  typeof servicesEn &
  { readonly alarms: typeof alarmsEn } &
  typeof paletteEn &
  typeof invitationEn &
  typeof experimentsEn &
  typeof devOutboxEn &
  Intersected<FeatureMessages[keyof FeatureMessages]>;
