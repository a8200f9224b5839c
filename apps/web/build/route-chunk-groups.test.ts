import { describe, expect, it } from 'vitest';
import { messageModulePattern } from './route-chunk-groups.ts';

describe('the page cut of the first paints', () => {
  it("leaves every message module (one part, one language) out of the pages' chunks", () => {
    for (const module of [
      'src/shared/i18n/locales/en.ts',
      'src/shared/i18n/locales/common/ko.ts',
      'src/shared/i18n/locales/security-setting/ja.ts',
      'src/features/members/messages/zh.ts',
    ]) {
      expect(messageModulePattern.test(module), module).toBe(true);
    }
    for (const module of ['src/shared/i18n/locales/index.ts', 'src/features/members/pages/MembersPage.tsx', 'src/features/members/messages/en.test.ts', 'src/app/en.ts']) {
      expect(messageModulePattern.test(module), module).toBe(false);
    }
  });
});
