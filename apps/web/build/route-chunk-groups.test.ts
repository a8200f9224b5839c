import { describe, expect, it } from 'vitest';
import { eagerPartKeys, eagerPartCaller, messageModulePattern } from './route-chunk-groups.ts';

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

  it("groups a module an eager part reaches by that part only where a page asking for the part does not paint with it", () => {
    // Pages 0 (home) and 1 (alarm form) paint with the shell; the alarm form also with the section
    // and its own form code. The shell asks for the side navigation as it loads (an eager part), which
    // needs the section — but not the form.
    const graph: Record<string, string[]> = {
      shell: ['button'],
      sideNav: ['section', 'button'],
      alarmForm: ['section', 'hookForm'],
      section: [],
      hookForm: [],
      button: [],
    };
    const closureOf = (start: string) => {
      const seen = new Set<string>();
      const stack = [start];
      while (stack.length) {
        const id = stack.pop()!;
        if (seen.has(id)) continue;
        seen.add(id);
        stack.push(...graph[id]!);
      }
      return seen;
    };
    const needs = new Map<string, number[]>([
      ['shell', [0, 1]],
      ['button', [0, 1]],
      ['alarmForm', [1]],
      ['section', [1]],
      ['hookForm', [1]],
    ]);
    const parts = eagerPartKeys(needs, new Map([['sideNav', ['shell']]]), closureOf);
    // The section: home asks for the side navigation without painting it — its own group, apart from
    // the alarm form's (same first paints), so the side navigation does not fetch the form.
    expect(parts.get('section')).toEqual(['p0']);
    expect(parts.has('hookForm')).toBe(false);
    expect(parts.has('alarmForm')).toBe(false);
    // The button: every page that can ask for the part paints with it already — not split.
    expect(parts.has('button')).toBe(false);
  });

  it('knows a module that asks for parts as it loads', () => {
    expect(eagerPartCaller.test("const SideNav = onDemand(() => import('./SideNav.tsx'), { now: true });")).toBe(true);
    expect(eagerPartCaller.test("const Form = onDemand(() => import('./Form.tsx'));")).toBe(false);
  });
});
