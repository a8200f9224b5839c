import { describe, expect, it } from 'vitest';
import { fold, searchPalette, type PaletteItem } from './palette-search.ts';

const item = (id: string, kind: PaletteItem['kind'], terms: string[], extra: Partial<PaletteItem> = {}): PaletteItem => ({ id, kind, label: terms[0]!, terms, ...extra });

const ITEMS: PaletteItem[] = [
  item('members', 'page', ['Organization members', '조직 멤버', '組織メンバー', '组织成员']),
  item('invite', 'action', ['Invite members', '멤버 초대', 'メンバーを招待', '邀请成员'], { disabledReason: 'Needs Organization.Member.Create.' }),
  item('project', 'project', ['Web Service', 'a1b2c3']),
  item('group', 'roleGroup', ['Membership auditors']),
  item('kim', 'member', ['Kim Owner', 'owner@demo.example.com']),
];

describe('the command palette search', () => {
  it('folds case, width and accents', () => {
    expect(fold('  Ｍémbers ')).toBe('members');
  });

  it('finds pages and actions by their names in any of the four languages', () => {
    expect(searchPalette(ITEMS, '멤버').map((each) => each.id)).toEqual(['invite', 'members']);
    expect(searchPalette(ITEMS, '招待').map((each) => each.id)).toEqual(['invite']);
    expect(searchPalette(ITEMS, '组织').map((each) => each.id)).toEqual(['members']);
  });

  it('ranks a name that starts with the query first, then actions before pages, then allowed before disabled', () => {
    // "Membership auditors" starts with "member"; the action and the page have it at a word start.
    expect(searchPalette(ITEMS, 'member').map((each) => each.id)).toEqual(['group', 'invite', 'members']);
    const twins = [item('denied', 'action', ['Add members'], { disabledReason: 'no' }), item('allowed', 'action', ['Add member'])];
    expect(searchPalette(twins, 'add').map((each) => each.id)).toEqual(['allowed', 'denied']);
    expect(searchPalette([item('inside', 'page', ['Xmembers']), item('word', 'page', ['X members'])], 'members').map((each) => each.id)).toEqual(['word', 'inside']);
  });

  it('needs every word, in any term: a name and an email', () => {
    expect(searchPalette(ITEMS, 'kim demo.example').map((each) => each.id)).toEqual(['kim']);
    expect(searchPalette(ITEMS, 'kim nobody')).toEqual([]);
  });

  it('answers the items in their order for an empty query, at most the limit', () => {
    expect(searchPalette(ITEMS, '  ', 2).map((each) => each.id)).toEqual(['members', 'invite']);
  });
});
