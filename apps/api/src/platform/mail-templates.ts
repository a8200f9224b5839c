import { DEFAULT_TIME_ZONE, langOf, ORG_ROLE_NAMES_I18N, type Lang, type Locale, type OrgRoleName } from '@console/contracts';
import type { MailMessage } from './mail.ts';

/**
 * The console's mails, in the recipient's language (ko, en, ja, zh), as plain text and simple
 * HTML. Links are absolute, built from PUBLIC_URL by the caller.
 */

const PRODUCT = 'Cloud Console';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** A date as the recipient reads it, in the console's time zone (Asia/Seoul). */
export function formatMailDate(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale.replace('_', '-'), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: DEFAULT_TIME_ZONE,
    timeZoneName: 'short',
  }).format(date);
}

interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action: string;
  link: string;
  /** Under the button: the link in clear, for mail clients that drop buttons. */
  fallback: string;
  footer: string;
}

function render(kind: string, to: string, locale: Locale, orgId: string | null, content: MailContent): MailMessage {
  const text = [content.greeting, '', ...content.paragraphs.flatMap((paragraph) => [paragraph, '']), `${content.action}: ${content.link}`, '', content.footer, '', `— ${PRODUCT}`].join('\n');
  const html = [
    '<!doctype html>',
    `<html lang="${langOf(locale)}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.6;color:#16191f;background:#ffffff">',
    `<p>${escapeHtml(content.greeting)}</p>`,
    ...content.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><a href="${escapeHtml(content.link)}" style="display:inline-block;padding:10px 20px;border-radius:20px;background:#0972d3;color:#ffffff;text-decoration:none;font-weight:bold">${escapeHtml(content.action)}</a></p>`,
    `<p style="font-size:13px;color:#5f6b7a">${escapeHtml(content.fallback)}<br><a href="${escapeHtml(content.link)}">${escapeHtml(content.link)}</a></p>`,
    `<p style="font-size:13px;color:#5f6b7a">${escapeHtml(content.footer)}</p>`,
    `<p style="font-size:13px;color:#5f6b7a">${PRODUCT}</p>`,
    '</body></html>',
  ].join('\n');
  return { kind, to, subject: content.subject, text, html, locale, orgId };
}

const FALLBACK: Record<Lang, string> = {
  ko: '버튼이 작동하지 않으면 아래 주소를 브라우저에서 여세요.',
  en: 'If the button does not work, open this address in your browser:',
  ja: 'ボタンが機能しない場合は、次のアドレスをブラウザで開いてください。',
  zh: '如果按钮无法使用，请在浏览器中打开以下地址：',
};

/** Organization role names as a person reads them in a mail: the role catalogue's (contracts roles.ts). */
export const ORG_ROLE_LABELS: Readonly<Record<OrgRoleName, Readonly<Record<Lang, string>>>> = ORG_ROLE_NAMES_I18N;

export interface InvitationMailInput {
  to: string;
  locale: Locale;
  orgId: string;
  orgName: string;
  inviterName: string | null;
  inviterEmail: string | null;
  roleCodes: readonly string[];
  link: string;
  expiresAt: Date;
}

/** The invitation to join an organization (spec §4), valid 30 days. */
export function invitationMail(input: InvitationMailInput): MailMessage {
  const lang = langOf(input.locale);
  const date = formatMailDate(input.expiresAt, input.locale);
  const roles = input.roleCodes
    .map((code) => ORG_ROLE_LABELS[code as OrgRoleName]?.[lang] ?? code)
    .join(lang === 'ja' || lang === 'zh' ? '、' : ', ');
  const inviter = input.inviterName ? `${input.inviterName}${input.inviterEmail ? ` (${input.inviterEmail})` : ''}` : null;
  const { orgName } = input;
  const content: Record<Lang, Omit<MailContent, 'link' | 'fallback'>> = {
    ko: {
      subject: `[${PRODUCT}] ${orgName} 조직에 초대되었습니다`,
      greeting: '안녕하세요.',
      paragraphs: [
        `${inviter ? `${inviter}님이` : '관리자가'} ${PRODUCT}의 "${orgName}" 조직에 회원님을 초대했습니다. 역할: ${roles}`,
        `초대는 ${date}까지 유효합니다. 계정이 없으면 초대 페이지에서 바로 가입할 수 있습니다.`,
      ],
      action: '초대 수락하기',
      footer: '초대를 예상하지 못했다면 이 메일을 무시해도 됩니다.',
    },
    en: {
      subject: `[${PRODUCT}] You are invited to the organization ${orgName}`,
      greeting: 'Hello,',
      paragraphs: [
        `${inviter ?? 'An administrator'} invited you to the organization "${orgName}" on ${PRODUCT} with the roles ${roles}.`,
        `The invitation is valid until ${date}. Without an account, you can sign up on the invitation page.`,
      ],
      action: 'Accept the invitation',
      footer: 'If you did not expect this invitation, you can ignore this mail.',
    },
    ja: {
      subject: `[${PRODUCT}] 組織「${orgName}」に招待されました`,
      greeting: 'こんにちは。',
      paragraphs: [
        `${inviter ? `${inviter}さん` : '管理者'}が${PRODUCT}の組織「${orgName}」にあなたを招待しました。ロール: ${roles}`,
        `招待の有効期限は${date}です。アカウントがない場合は、招待ページからそのまま登録できます。`,
      ],
      action: '招待を承諾する',
      footer: 'この招待に心当たりがない場合は、このメールを無視してください。',
    },
    zh: {
      subject: `[${PRODUCT}] 您受邀加入组织“${orgName}”`,
      greeting: '您好：',
      paragraphs: [
        `${inviter ?? '管理员'}邀请您加入 ${PRODUCT} 的组织“${orgName}”。角色：${roles}`,
        `邀请有效期至 ${date}。如果您还没有账号，可以在邀请页面直接注册。`,
      ],
      action: '接受邀请',
      footer: '如果您没有预料到此邀请，可以忽略此邮件。',
    },
  };
  return render('orgInvitation', input.to, input.locale, input.orgId, { ...content[lang], link: input.link, fallback: FALLBACK[lang] });
}

export interface PasswordSetupMailInput {
  to: string;
  locale: Locale;
  orgId: string;
  orgName: string;
  name: string;
  userCode: string;
  link: string;
  loginUrl: string;
  expiresAt: Date;
}

/** The single-use link an IAM account sets its password with. */
export function passwordSetupMail(input: PasswordSetupMailInput): MailMessage {
  const lang = langOf(input.locale);
  const date = formatMailDate(input.expiresAt, input.locale);
  const { orgName, userCode, name, loginUrl } = input;
  const content: Record<Lang, Omit<MailContent, 'link' | 'fallback'>> = {
    ko: {
      subject: `[${PRODUCT}] IAM 계정 ${userCode}의 비밀번호를 설정해 주세요`,
      greeting: `${name}님, 안녕하세요.`,
      paragraphs: [
        `"${orgName}" 조직의 IAM 계정 "${userCode}"의 비밀번호를 설정해 주세요.`,
        `이 링크는 한 번만 사용할 수 있으며 ${date}까지 유효합니다. 설정한 후 ${loginUrl} 에서 ID ${userCode}(으)로 로그인하세요.`,
      ],
      action: '비밀번호 설정하기',
      footer: '요청하지 않은 메일이라면 무시해도 됩니다.',
    },
    en: {
      subject: `[${PRODUCT}] Set the password of your IAM account ${userCode}`,
      greeting: `Hello ${name},`,
      paragraphs: [
        `Set the password of your IAM account "${userCode}" in the organization "${orgName}".`,
        `The link works once and is valid until ${date}. Then sign in at ${loginUrl} with the ID ${userCode}.`,
      ],
      action: 'Set the password',
      footer: 'If you did not expect this mail, you can ignore it.',
    },
    ja: {
      subject: `[${PRODUCT}] IAMアカウント ${userCode} のパスワードを設定してください`,
      greeting: `${name}様`,
      paragraphs: [
        `組織「${orgName}」のIAMアカウント「${userCode}」のパスワードを設定してください。`,
        `このリンクは1回のみ使用でき、${date}まで有効です。設定後、${loginUrl} でID「${userCode}」でログインしてください。`,
      ],
      action: 'パスワードを設定する',
      footer: 'このメールに心当たりがない場合は、無視してください。',
    },
    zh: {
      subject: `[${PRODUCT}] 请设置 IAM 账号 ${userCode} 的密码`,
      greeting: `${name}，您好：`,
      paragraphs: [
        `请设置组织“${orgName}”的 IAM 账号“${userCode}”的密码。`,
        `此链接仅可使用一次，有效期至 ${date}。设置后，请在 ${loginUrl} 使用 ID ${userCode} 登录。`,
      ],
      action: '设置密码',
      footer: '如果您没有预料到此邮件，可以忽略。',
    },
  };
  return render('iamPasswordSetup', input.to, input.locale, input.orgId, { ...content[lang], link: input.link, fallback: FALLBACK[lang] });
}
