import { langOf, type Lang, type Locale } from '@console/contracts';
import type { MailMessage } from '../../platform/mail.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const TEXT: Record<Lang, { subject: string; intro: string; expiry: (minutes: number) => string; ignore: string }> = {
  ko: {
    subject: '[Cloud Console] 로그인 인증 코드',
    intro: '로그인을 마치려면 아래 인증 코드를 입력하세요.',
    expiry: (minutes) => `이 코드는 ${minutes}분 동안 한 번만 사용할 수 있습니다.`,
    ignore: '로그인을 시도하지 않았다면 이 메일을 무시하고 관리자에게 알려 주세요.',
  },
  en: {
    subject: '[Cloud Console] Your sign-in verification code',
    intro: 'Enter this verification code to finish signing in.',
    expiry: (minutes) => `The code works once, for ${minutes} minutes.`,
    ignore: 'If you did not try to sign in, ignore this mail and tell your administrator.',
  },
  ja: {
    subject: '[Cloud Console] ログイン認証コード',
    intro: 'ログインを完了するには、次の認証コードを入力してください。',
    expiry: (minutes) => `このコードは${minutes}分間、1回のみ使用できます。`,
    ignore: 'ログインを試みていない場合は、このメールを無視して管理者に連絡してください。',
  },
  zh: {
    subject: '[Cloud Console] 登录验证码',
    intro: '请输入以下验证码以完成登录。',
    expiry: (minutes) => `此验证码在 ${minutes} 分钟内仅可使用一次。`,
    ignore: '如果您没有尝试登录，请忽略此邮件并告知管理员。',
  },
};

/** The two-step verification code of an IAM sign-in (EMAIL type), in the signer's language. */
export function signInCodeMail(input: { to: string; locale: Locale; orgId: string; code: string; minutes: number }): MailMessage {
  const text = TEXT[langOf(input.locale)];
  const body = [text.intro, '', input.code, '', text.expiry(input.minutes), '', text.ignore, '', '— Cloud Console'].join('\n');
  const html = [
    '<!doctype html>',
    `<html lang="${langOf(input.locale)}"><head><meta charset="utf-8"><title>${escapeHtml(text.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.6;color:#16191f;background:#ffffff">',
    `<p>${escapeHtml(text.intro)}</p>`,
    `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(input.code)}</p>`,
    `<p>${escapeHtml(text.expiry(input.minutes))}</p>`,
    `<p style="font-size:13px;color:#5f6b7a">${escapeHtml(text.ignore)}</p>`,
    '</body></html>',
  ].join('\n');
  return { kind: 'iamSignInCode', to: input.to, subject: text.subject, text: body, html, locale: input.locale, orgId: input.orgId };
}
