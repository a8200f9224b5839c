import { t, type Lang } from './i18n.ts';
import { escapeHtml, linkOf, type PageContext } from './ui.ts';

/** The periods the organization overview offers (`period` query parameter; 30 days by default). */
export const PERIODS = { '7d': 7, '30d': 30, all: null } as const;
export type Period = keyof typeof PERIODS;
export const periodOf = (value: unknown): Period => (typeof value === 'string' && value in PERIODS ? (value as Period) : '30d');

export interface ProjectFigures {
  projectId: string;
  total: number;
  sent: number;
  failed: number;
  sending: number;
  opened: number;
  lastAt: Date;
}

const number = (lang: Lang, value: number) => new Intl.NumberFormat({ ko: 'ko-KR', en: 'en-US', ja: 'ja-JP', zh: 'zh-CN' }[lang]).format(value);

/**
 * Email Insights (the organization service, productId `email-insights`): per project of the
 * organization, the recipients its projects handed to Email in the period and how they went. Read
 * from the product's own data (its `mails` table), nothing from the console's. Rows carry the
 * project ids; the page script, framed under the console's origin by the proxy, replaces each with
 * the project's name from the console's own project list read as the viewer (GET
 * /api/cab/v5/projects?orgId=), so a project the viewer may not see is named by neither side: it
 * shows as "A project you cannot see", its figures still counted (Email Insights is the
 * organization's view for its SaaS members).
 */
export function orgOverviewPage(page: PageContext, orgId: string, period: Period, rows: readonly ProjectFigures[]) {
  const { lang } = page;
  const periods = (Object.keys(PERIODS) as Period[])
    .map((key) => {
      const label = escapeHtml(t(lang, key === '7d' ? 'period7d' : key === '30d' ? 'period30d' : 'periodAll'));
      return key === period
        ? `<span class="tab current" aria-current="page">${label}</span>`
        : `<a class="tab" href="${escapeHtml(linkOf(page, 'org', { period: key }))}">${label}</a>`;
    })
    .join('');
  const sum = (pick: (row: ProjectFigures) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const cells = (values: number[]) => values.map((value) => `<td class="num">${number(lang, value)}</td>`).join('');
  const table =
    rows.length === 0
      ? `<p class="empty">${escapeHtml(t(lang, 'noOrgMail'))}</p>`
      : `<table class="mails" data-testid="org-overview"><thead><tr>
<th scope="col">${escapeHtml(t(lang, 'colProject'))}</th><th scope="col" class="num">${escapeHtml(t(lang, 'colTotal'))}</th>
<th scope="col" class="num">${escapeHtml(t(lang, 'colSent'))}</th><th scope="col" class="num">${escapeHtml(t(lang, 'colFailed'))}</th>
<th scope="col" class="num">${escapeHtml(t(lang, 'colOpened'))}</th><th scope="col">${escapeHtml(t(lang, 'colLast'))}</th>
</tr></thead><tbody>
${rows
  .map(
    (row) =>
      `<tr data-project-id="${escapeHtml(row.projectId)}"><td class="project"><code>${escapeHtml(row.projectId)}</code></td>${cells([row.total, row.sent, row.failed, row.opened])}<td><time datetime="${row.lastAt.toISOString()}">${escapeHtml(row.lastAt.toISOString().slice(0, 16).replace('T', ' '))} UTC</time></td></tr>`,
  )
  .join('\n')}
</tbody><tfoot><tr><th scope="row">${escapeHtml(t(lang, 'totalRow'))}</th>${cells([sum((r) => r.total), sum((r) => r.sent), sum((r) => r.failed), sum((r) => r.opened)])}<td></td></tr></tfoot></table>`;
  // The page script names the projects (the console's project list, read as the viewer: docs/products.md).
  const data = { page: 'org', orgId, texts: { errGeneric: t(lang, 'errGeneric'), projectHidden: t(lang, 'projectHidden') } };
  return `<!doctype html>
<html lang="${lang}" data-theme="${page.theme}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t(lang, 'insightsName'))}</title>
<link rel="stylesheet" href="${escapeHtml(linkOf(page, 'static/app.css'))}">
</head>
<body>
<main id="app" data-config="${escapeHtml(JSON.stringify(data))}">
<div id="alert" role="alert" aria-live="assertive"></div>
<section class="panel">
<p>${escapeHtml(t(lang, 'insightsIntro'))}</p>
<nav class="tabs" aria-label="${escapeHtml(t(lang, 'insightsName'))}">${periods}</nav>
${table}
</section>
</main>
<script src="${escapeHtml(linkOf(page, 'static/app.js'))}"></script>
</body>
</html>`;
}
