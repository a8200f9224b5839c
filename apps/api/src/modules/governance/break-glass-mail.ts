import { langOf, type Lang, type Locale } from '@console/contracts';
import type { MailMessage } from '../../platform/mail.ts';
import { formatMailDate } from '../../platform/mail-templates.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export interface BreakGlassMailInput {
  to: string;
  name: string;
  orgId: string;
  orgName: string;
  code: string;
  clientIp: string;
  expiresAt: Date;
  locale: Locale;
}

/** The OWNER's one-time code that turns the organization's IP ACL and country rule off. */
export function breakGlassMail(input: BreakGlassMailInput): MailMessage {
  const lang: Lang = langOf(input.locale);
  const date = formatMailDate(input.expiresAt, input.locale);
  const { orgName, code, clientIp, name } = input;
  const content: Record<Lang, { subject: string; lines: string[] }> = {
    ko: {
      subject: `[Cloud Console] "${orgName}" 네트워크 규칙 해제 코드`,
      lines: [`${name}님, 안녕하세요.`, `"${orgName}" 조직의 IP ACL과 국가 접근 규칙을 해제하는 일회용 코드입니다: ${code}`, `${clientIp} 에서 요청했으며 ${date}까지 유효합니다. 코드를 사용하면 두 규칙이 꺼지고 기록이 남습니다.`, '요청하지 않았다면 이 메일을 무시하고 계정 보안을 확인해 주세요.'],
    },
    en: {
      subject: `[Cloud Console] Code to lift the network rules of "${orgName}"`,
      lines: [`Hello ${name},`, `Your one-time code to turn off the IP ACL and the country rule of the organization "${orgName}": ${code}`, `Asked for from ${clientIp}; valid until ${date}. Using it turns both rules off and is recorded.`, 'If you did not ask for it, ignore this mail and check the security of your account.'],
    },
    ja: {
      subject: `[Cloud Console]「${orgName}」のネットワークルール解除コード`,
      lines: [`${name}様`, `組織「${orgName}」のIP ACLと国別アクセスルールを解除するワンタイムコード: ${code}`, `${clientIp} からリクエストされ、${date}まで有効です。使用すると両方のルールがオフになり、記録されます。`, '心当たりがない場合は、このメールを無視してアカウントのセキュリティを確認してください。'],
    },
    zh: {
      subject: `[Cloud Console] 解除“${orgName}”网络规则的代码`,
      lines: [`${name}，您好：`, `用于关闭组织“${orgName}”的 IP ACL 和国家/地区规则的一次性代码：${code}`, `请求来自 ${clientIp}，有效期至 ${date}。使用后两项规则将关闭并被记录。`, '如果这不是您发起的请求，请忽略此邮件并检查账号安全。'],
    },
  };
  const { subject, lines } = content[lang];
  return {
    kind: 'governanceBreakGlass',
    to: input.to,
    subject,
    text: [...lines, '', '— Cloud Console'].join('\n\n'),
    html: `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif">${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p style="font-size:13px;color:#5f6b7a">Cloud Console</p></body></html>`,
    locale: input.locale,
    orgId: input.orgId,
  };
}
