import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodLocaleReady } from '../form/zod-locale.ts';
import { requestContext } from '../api/request-context.ts';
import { i18n, loadMessageParts } from './i18n.ts';
import { readLocaleCookie } from './locale.ts';
import { switchLocale } from './switch-locale.ts';

describe('switchLocale', () => {
  it('switches i18next, zod (once a form has loaded it), the lang header, <html lang> and Cloudscape together, and remembers the choice', async () => {
    await zodLocaleReady;
    const { cloudscapeMessages } = await switchLocale('ja_JP', { remember: true });

    expect(i18n.language).toBe('ja');
    expect(i18n.t('auth.login.submit')).toBe('ログイン');
    expect(document.documentElement.lang).toBe('ja');
    expect(requestContext.get().locale).toBe('ja_JP');
    expect(readLocaleCookie()).toBe('ja_JP');
    expect(Object.keys(cloudscapeMessages['cloudscape-design-components'] ?? {})).toEqual(['ja']);
    expect(z.string().safeParse(1).error?.issues[0]?.message).toMatch(/[\u3040-\u30ff\u4e00-\u9faf]/);

    await switchLocale('ko_KR', { remember: true });
    expect(i18n.t('auth.login.submit')).toBe('로그인');
    expect(document.documentElement.lang).toBe('ko');
    expect(readLocaleCookie()).toBe('ko_KR');
    expect(z.string().safeParse(1).error?.issues[0]?.message).toMatch(/[\uac00-\ud7af]/);
  });

  it('brings the message parts loaded so far into the new language', async () => {
    await switchLocale('en_US');
    await loadMessageParts(['members', 'roles']);
    expect(i18n.t('members.title')).toBe('Members');
    await switchLocale('ja_JP');
    expect(i18n.t('members.title')).not.toBe('members.title');
    expect(i18n.t('members.title')).not.toBe('Members');
    expect(i18n.t('roleGroups.title')).toBe('ロールグループ');
    // A block split between the first-paint messages and a part keeps both halves.
    expect(i18n.t('roleGroups.days.MON')).toBe('月');
    expect(i18n.t('roleGroups.empty')).toBe('ロールグループがありません。');
  });

  it('leaves the cookie alone unless asked to remember', async () => {
    await switchLocale('en_US', { remember: true });
    await switchLocale('zh_CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(readLocaleCookie()).toBe('en_US');
  });
});
