import type { Actor } from './crypto.ts';
import { t, type Lang, type TextKey } from './i18n.ts';
import { reasonKeyOf, type MailRow } from './mail-service.ts';

/**
 * The product's pages: plain HTML rendered here, one small script (public/app.js) and one style
 * sheet, no inline script (the console's Content-Security-Policy applies under its origin).
 */
export interface PageContext {
  lang: Lang;
  theme: 'light' | 'dark';
  /** The path prefix the page is served under (`/product-proxy/email` through the console, '' directly). */
  base: string;
  /** The query kept on every link (projectId, appKey, lang, region, theme, embedded). */
  query: string;
  /**
   * Framed by the console's product page (`embedded=1`), whose own tabs lead between the pages: the
   * page leaves out its tab bar. Opened at its address alone, it shows one.
   */
  embedded: boolean;
  actor: Actor;
}

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const TABS = [
  ['send', 'tabSend'],
  ['history', 'tabHistory'],
  ['settings', 'tabSettings'],
] as const satisfies readonly (readonly [string, TextKey])[];

export const linkOf = (page: PageContext, path: string, extra: Record<string, string | number> = {}) => {
  const params = new URLSearchParams(page.query);
  for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
  const search = params.toString();
  return `${page.base}/${path}${search ? `?${search}` : ''}`;
};

function layout(page: PageContext, current: (typeof TABS)[number][0], content: string) {
  const { lang } = page;
  const tabs = TABS.map(
    ([tab, key]) =>
      `<a class="tab${tab === current ? ' current' : ''}" href="${escapeHtml(linkOf(page, tab))}" data-tab="${tab}"${tab === current ? ' aria-current="page"' : ''}>${escapeHtml(t(lang, key))}</a>`,
  ).join('');
  const data = {
    page: current,
    csrfCookie: 'csrfToken',
    settingsUrl: linkOf(page, 'settings'),
    historyUrl: linkOf(page, 'history'),
    texts: {
      sending: t(lang, 'sending'),
      sentToast: t(lang, 'sentToast'),
      partlyFailed: t(lang, 'partlyFailed'),
      savedToast: t(lang, 'savedToast'),
      goToSettings: t(lang, 'goToSettings'),
      viewHistory: t(lang, 'viewHistory'),
      errGeneric: t(lang, 'errGeneric'),
    },
  };
  return `<!doctype html>
<html lang="${lang}" data-theme="${page.theme}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${t(lang, TABS.find(([tab]) => tab === current)![1])} - ${t(lang, 'productName')}`)}</title>
<link rel="stylesheet" href="${escapeHtml(linkOf(page, 'static/app.css'))}">
</head>
<body>
<main id="app" data-config="${escapeHtml(JSON.stringify(data))}">
${page.embedded ? '' : `<nav class="tabs" aria-label="${escapeHtml(t(lang, 'productName'))}">${tabs}</nav>`}
<div id="alert" role="alert" aria-live="assertive"></div>
${content}
</main>
<script src="${escapeHtml(linkOf(page, 'static/app.js'))}"></script>
</body>
</html>`;
}

/**
 * A form's submit button, disabled as served: public/app.js enables it (data-script-enables, for a
 * caller who may write) once it sends the form itself, as JSON with the console's CSRF token. A
 * click before the script has run (a slow network, a test that clicks as soon as the button shows)
 * would otherwise post the form natively, without the token: the console refuses it and the page
 * became that refusal's JSON.
 */
const submitButton = (write: boolean, label: string) =>
  `<button type="submit" class="primary" disabled${write ? ' data-script-enables' : ''}>${escapeHtml(label)}</button>`;

const field = (id: string, label: string, control: string, hint = '') =>
  `<div class="field"><label for="${id}">${escapeHtml(label)}</label>${hint ? `<p class="hint" id="${id}-hint">${escapeHtml(hint)}</p>` : ''}${control}<p class="field-error" id="${id}-error" data-field="${id}"></p></div>`;

export function sendPage(page: PageContext) {
  const { lang, actor } = page;
  const content = `<form id="send-form" class="panel" method="post" action="${escapeHtml(linkOf(page, 'ui/mails'))}" novalidate>
${field('senderAddress', t(lang, 'sender'), `<input id="senderAddress" name="senderAddress" type="email" autocomplete="email" value="${escapeHtml(actor.email)}" aria-describedby="senderAddress-error" required>`)}
${field('senderName', t(lang, 'senderName'), `<input id="senderName" name="senderName" type="text" value="${escapeHtml(actor.name)}" maxlength="100" aria-describedby="senderName-error">`)}
${field('receiverList', t(lang, 'recipients'), `<textarea id="receiverList" name="receiverList" rows="2" aria-describedby="receiverList-hint receiverList-error" required></textarea>`, t(lang, 'recipientsHint'))}
${field('title', t(lang, 'subject'), `<input id="title" name="title" type="text" maxlength="998" aria-describedby="title-error" required>`)}
${field('body', t(lang, 'body'), `<textarea id="body" name="body" rows="8" aria-describedby="body-error" required></textarea>`)}
<div class="actions">${submitButton(actor.write, t(lang, 'send'))}</div>
${actor.write ? '' : `<p class="notice">${escapeHtml(t(lang, 'errNoWrite'))}</p>`}
</form>`;
  return layout(page, 'send', content);
}

const statusOf = (row: MailRow) => (row.status === 'SENT' && row.open_count > 0 ? 'OPENED' : row.status);

/** A time in UTC; the page script shows it in the browser's own time zone. */
const dateTime = (lang: Lang, date: Date) => {
  const text = new Intl.DateTimeFormat({ ko: 'ko-KR', en: 'en-US', ja: 'ja-JP', zh: 'zh-CN' }[lang], {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(date);
  return `<time datetime="${date.toISOString()}">${escapeHtml(text)}</time>`;
};

export function historyPage(page: PageContext, rows: MailRow[], paging: { page: number; limit: number; totalCount: number }) {
  const { lang } = page;
  const pages = Math.max(1, Math.ceil(paging.totalCount / paging.limit));
  const body =
    rows.length === 0
      ? `<p class="empty">${escapeHtml(t(lang, 'noMail'))}</p>`
      : `<table class="mails"><thead><tr>
<th scope="col">${escapeHtml(t(lang, 'colCreated'))}</th><th scope="col">${escapeHtml(t(lang, 'colRecipient'))}</th><th scope="col">${escapeHtml(t(lang, 'colSubject'))}</th>
<th scope="col">${escapeHtml(t(lang, 'colStatus'))}</th><th scope="col" class="num">${escapeHtml(t(lang, 'colOpens'))}</th><th scope="col">${escapeHtml(t(lang, 'colSource'))}</th>
</tr></thead><tbody>
${rows
  .map((row) => {
    const status = statusOf(row);
    const reason = reasonKeyOf(row.failure_reason);
    return `<tr data-mail-id="${row.mail_id}"><td>${dateTime(lang, row.created_at)}</td><td>${escapeHtml(row.receive_address)}</td><td>${escapeHtml(row.title)}</td>
<td><span class="status status-${status.toLowerCase()}">${escapeHtml(t(lang, `status${status}` as TextKey))}</span>${reason ? `<br><small>${escapeHtml(t(lang, reason))}</small>` : ''}</td>
<td class="num">${row.open_count}</td><td>${escapeHtml(t(lang, row.source === 'API' ? 'sourceApi' : 'sourceConsole'))}</td></tr>`;
  })
  .join('\n')}
</tbody></table>`;
  const nav = `<nav class="pager" aria-label="pages">
${paging.page > 1 ? `<a href="${escapeHtml(linkOf(page, 'history', { page: paging.page - 1 }))}">${escapeHtml(t(lang, 'previous'))}</a>` : ''}
<span>${escapeHtml(t(lang, 'pageOf', { page: paging.page, pages, total: paging.totalCount }))}</span>
${paging.page < pages ? `<a href="${escapeHtml(linkOf(page, 'history', { page: paging.page + 1 }))}">${escapeHtml(t(lang, 'next'))}</a>` : ''}
<a class="refresh" href="${escapeHtml(linkOf(page, 'history', { page: paging.page }))}">${escapeHtml(t(lang, 'refresh'))}</a>
</nav>`;
  return layout(page, 'history', `<section class="panel">${nav}${body}</section>`);
}

export function settingsPage(page: PageContext, state: { set_at: Date; refused_at: Date | null } | undefined) {
  const { lang, actor } = page;
  const status = !state
    ? `<p class="key-state none">${escapeHtml(t(lang, 'keyStateNone'))}</p>`
    : state.refused_at
      ? `<p class="key-state refused">${escapeHtml(t(lang, 'keyStateRefused', { when: '\u0000' })).replace('\u0000', dateTime(lang, state.refused_at))}</p>`
      : `<p class="key-state ok">${escapeHtml(t(lang, 'keyStateOk', { when: '\u0000' })).replace('\u0000', dateTime(lang, state.set_at))}</p>`;
  const content = `<form id="settings-form" class="panel" method="put" action="${escapeHtml(linkOf(page, 'ui/secret-key'))}" novalidate>
<div class="field"><span class="label">${escapeHtml(t(lang, 'appKey'))}</span><code id="appKey">${escapeHtml(actor.ak)}</code></div>
${status}
${field('secretKey', t(lang, 'secretKey'), `<input id="secretKey" name="secretKey" type="password" autocomplete="off" spellcheck="false" aria-describedby="secretKey-hint secretKey-error" required>`, t(lang, 'secretKeyHelp'))}
<div class="actions">${submitButton(actor.write, t(lang, 'save'))}</div>
${actor.write ? '' : `<p class="notice">${escapeHtml(t(lang, 'errNoWrite'))}</p>`}
</form>`;
  return layout(page, 'settings', content);
}

/** The page shown when the product is opened outside the console (no valid caller header). */
export function notFromConsolePage(lang: Lang) {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(t(lang, 'productName'))}</title></head>
<body><p role="alert">${escapeHtml(t(lang, 'errNotFromConsole'))}</p></body></html>`;
}
