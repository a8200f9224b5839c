import { describe, expect, it } from 'vitest';
import { formatMailDate, invitationMail, ORG_ROLE_LABELS, passwordSetupMail } from './mail-templates.ts';

const expiresAt = new Date('2026-12-22T09:00:00Z');
const invitation = (locale: 'ko_KR' | 'en_US' | 'ja_JP' | 'zh_CN', extra: Partial<Parameters<typeof invitationMail>[0]> = {}) =>
  invitationMail({
    to: 'new@example.com',
    locale,
    orgId: 'org-1',
    orgName: 'Acme',
    inviterName: 'Kim',
    inviterEmail: 'kim@example.com',
    roleCodes: ['ADMIN'],
    link: 'https://console.example.com/invitation#token=abc',
    expiresAt,
    ...extra,
  });

describe('mail templates', () => {
  it('names the invited roles in the recipient language, not by their codes', () => {
    const roles = { roleCodes: ['ADMIN', 'BILLING_VIEWER'] };
    expect(invitation('ko_KR', roles).text).toContain('역할: 관리자, 결제 조회자');
    expect(invitation('en_US', roles).text).toContain('with the roles Admin, Billing viewer');
    expect(invitation('ja_JP', roles).text).toContain('ロール: 管理者、請求閲覧者');
    expect(ORG_ROLE_LABELS.NONE.zh).toBe('无角色');
  });

  it('dates mails in the recipient language and the console time zone (Asia/Seoul)', () => {
    expect(formatMailDate(expiresAt, 'en_US')).toBe('December 22, 2026 at 06:00 PM GMT+9');
    expect(formatMailDate(expiresAt, 'ko_KR')).toBe('2026년 12월 22일 오후 06:00 GMT+9');
    expect(formatMailDate(expiresAt, 'ja_JP')).toMatch(/^2026年12月22日 18:00/);
  });

  it('writes the invitation in each console language, with the link in text and HTML', () => {
    const subjects = (['ko_KR', 'en_US', 'ja_JP', 'zh_CN'] as const).map((locale) => invitation(locale).subject);
    expect(subjects).toEqual([
      '[Cloud Console] Acme 조직에 초대되었습니다',
      '[Cloud Console] You are invited to the organization Acme',
      '[Cloud Console] 組織「Acme」に招待されました',
      '[Cloud Console] 您受邀加入组织“Acme”',
    ]);
    const zh = invitation('zh_CN');
    expect(zh.text).toContain('Kim (kim@example.com)邀请您加入 Cloud Console 的组织“Acme”。角色：管理员');
    expect(zh.text).toContain('接受邀请: https://console.example.com/invitation#token=abc');
    expect(zh.html).toContain('<html lang="zh">');
    expect(zh).toMatchObject({ kind: 'orgInvitation', to: 'new@example.com', locale: 'zh_CN', orgId: 'org-1' });
  });

  it('escapes what users wrote into the HTML', () => {
    const mail = invitation('en_US', { orgName: 'A<b>"&', inviterName: '<script>' });
    expect(mail.html).toContain('A&lt;b&gt;&quot;&amp;');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('"A<b>"&"');
  });

  it('names an unknown inviter as an administrator', () => {
    expect(invitation('en_US', { inviterName: null, inviterEmail: null }).text).toContain('An administrator invited you');
  });

  it('writes the password-setup mail with the link and where to sign in', () => {
    const mail = passwordSetupMail({
      to: 'iam@example.com',
      locale: 'ko_KR',
      orgId: 'org-1',
      orgName: 'Acme',
      name: '김민수',
      userCode: 'kim.ms',
      link: 'https://console.example.com/iam/password-setup#token=abc',
      loginUrl: 'https://console.example.com/login?domain=acme',
      expiresAt,
    });
    expect(mail.subject).toBe('[Cloud Console] IAM 계정 kim.ms의 비밀번호를 설정해 주세요');
    expect(mail.text).toContain('김민수님, 안녕하세요.');
    expect(mail.text).toContain('https://console.example.com/login?domain=acme 에서 ID kim.ms(으)로 로그인하세요.');
    expect(mail.text).toContain('비밀번호 설정하기: https://console.example.com/iam/password-setup#token=abc');
    expect(mail.kind).toBe('iamPasswordSetup');
  });
});
