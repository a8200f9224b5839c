/** The product UI's texts, in the console's four languages (the `lang` query parameter picks one; ko by default). */
export const LANGS = ['ko', 'en', 'ja', 'zh'] as const;
export type Lang = (typeof LANGS)[number];

export const langOf = (value: unknown): Lang => {
  const text = typeof value === 'string' ? value.slice(0, 2).toLowerCase() : '';
  return (LANGS as readonly string[]).includes(text) ? (text as Lang) : 'ko';
};

const T = {
  productName: { ko: 'Email', en: 'Email', ja: 'Email', zh: 'Email' },
  tabSend: { ko: '메일 발송', en: 'Send mail', ja: 'メール送信', zh: '发送邮件' },
  tabHistory: { ko: '발송 내역', en: 'Sent mail', ja: '送信履歴', zh: '发送记录' },
  tabSettings: { ko: '설정', en: 'Settings', ja: '設定', zh: '设置' },
  sender: { ko: '발신자 주소', en: 'Sender address', ja: '送信者アドレス', zh: '发件人地址' },
  senderName: { ko: '발신자 이름', en: 'Sender name', ja: '送信者名', zh: '发件人姓名' },
  recipients: { ko: '수신자', en: 'Recipients', ja: '受信者', zh: '收件人' },
  recipientsHint: {
    ko: '쉼표나 줄 바꿈으로 구분해 최대 100명까지 입력합니다.',
    en: 'Separate addresses with commas or line breaks; up to 100.',
    ja: 'カンマまたは改行で区切って最大100件まで入力します。',
    zh: '用逗号或换行分隔，最多 100 个。',
  },
  subject: { ko: '제목', en: 'Subject', ja: '件名', zh: '主题' },
  body: { ko: '본문', en: 'Body', ja: '本文', zh: '正文' },
  send: { ko: '발송', en: 'Send', ja: '送信', zh: '发送' },
  sending: { ko: '발송 중…', en: 'Sending…', ja: '送信中…', zh: '正在发送…' },
  sentToast: { ko: '메일을 발송했습니다.', en: 'Mail sent.', ja: 'メールを送信しました。', zh: '邮件已发送。' },
  partlyFailed: {
    ko: '일부 수신자에게 발송하지 못했습니다. 발송 내역을 확인하세요.',
    en: 'Some recipients could not be sent to. See Sent mail.',
    ja: '一部の受信者に送信できませんでした。送信履歴を確認してください。',
    zh: '部分收件人发送失败。请查看发送记录。',
  },
  viewHistory: { ko: '발송 내역 보기', en: 'View sent mail', ja: '送信履歴を見る', zh: '查看发送记录' },
  colCreated: { ko: '요청 일시', en: 'Requested at', ja: 'リクエスト日時', zh: '请求时间' },
  colRecipient: { ko: '수신자', en: 'Recipient', ja: '受信者', zh: '收件人' },
  colSubject: { ko: '제목', en: 'Subject', ja: '件名', zh: '主题' },
  colStatus: { ko: '상태', en: 'Status', ja: 'ステータス', zh: '状态' },
  colOpens: { ko: '열람 수', en: 'Opens', ja: '開封数', zh: '打开次数' },
  colSource: { ko: '요청 경로', en: 'Sent from', ja: 'リクエスト元', zh: '请求来源' },
  sourceApi: { ko: 'API', en: 'API', ja: 'API', zh: 'API' },
  sourceConsole: { ko: '콘솔', en: 'Console', ja: 'コンソール', zh: '控制台' },
  statusSENDING: { ko: '발송 중', en: 'Sending', ja: '送信中', zh: '发送中' },
  statusSENT: { ko: '발송 완료', en: 'Sent', ja: '送信済み', zh: '已发送' },
  statusFAILED: { ko: '실패', en: 'Failed', ja: '失敗', zh: '失败' },
  statusOPENED: { ko: '열람', en: 'Opened', ja: '開封済み', zh: '已打开' },
  noMail: { ko: '발송한 메일이 없습니다.', en: 'No mail sent yet.', ja: '送信したメールはありません。', zh: '尚未发送邮件。' },
  previous: { ko: '이전', en: 'Previous', ja: '前へ', zh: '上一页' },
  next: { ko: '다음', en: 'Next', ja: '次へ', zh: '下一页' },
  pageOf: { ko: '{page} / {pages} 페이지 (총 {total}건)', en: 'Page {page} of {pages} ({total} mails)', ja: '{page} / {pages} ページ（全{total}件）', zh: '第 {page} / {pages} 页（共 {total} 封）' },
  refresh: { ko: '새로 고침', en: 'Refresh', ja: '更新', zh: '刷新' },
  secretKey: { ko: 'SecretKey', en: 'SecretKey', ja: 'SecretKey', zh: 'SecretKey' },
  secretKeyHelp: {
    ko: '콘솔 상단의 URL & Appkey 버튼에서 이 프로젝트의 SecretKey를 복사해 붙여 넣으세요. 상품은 이 키로 콘솔에 인증합니다.',
    en: "Copy this project's SecretKey from the console's URL & Appkey button and paste it here. The product authenticates to the console with it.",
    ja: 'コンソール上部の URL & Appkey ボタンからこのプロジェクトの SecretKey をコピーして貼り付けてください。製品はこのキーでコンソールに認証します。',
    zh: '请通过控制台上方的 URL & Appkey 按钮复制此项目的 SecretKey 并粘贴到此处。产品使用它向控制台进行身份验证。',
  },
  appKey: { ko: 'Appkey', en: 'Appkey', ja: 'Appkey', zh: 'Appkey' },
  save: { ko: '저장', en: 'Save', ja: '保存', zh: '保存' },
  savedToast: { ko: 'SecretKey를 저장했습니다.', en: 'SecretKey saved.', ja: 'SecretKey を保存しました。', zh: 'SecretKey 已保存。' },
  keyStateNone: { ko: '아직 SecretKey가 없습니다.', en: 'No SecretKey given yet.', ja: 'SecretKey がまだありません。', zh: '尚未提供 SecretKey。' },
  keyStateOk: { ko: 'SecretKey가 설정되어 있습니다 ({when}).', en: 'A SecretKey is set ({when}).', ja: 'SecretKey が設定されています（{when}）。', zh: '已设置 SecretKey（{when}）。' },
  keyStateRefused: {
    ko: '콘솔이 저장된 SecretKey를 거부했습니다 ({when}). 재발급된 새 SecretKey를 붙여 넣으세요.',
    en: 'The console refused the stored SecretKey ({when}). Paste the new, regenerated SecretKey.',
    ja: 'コンソールが保存済みの SecretKey を拒否しました（{when}）。再発行された新しい SecretKey を貼り付けてください。',
    zh: '控制台拒绝了已保存的 SecretKey（{when}）。请粘贴重新生成的新 SecretKey。',
  },
  errMissingKey: {
    ko: '이 프로젝트의 SecretKey가 아직 설정되지 않았습니다. 설정에서 붙여 넣으세요.',
    en: "This project's SecretKey has not been given yet. Paste it in Settings.",
    ja: 'このプロジェクトの SecretKey がまだ設定されていません。設定で貼り付けてください。',
    zh: '尚未提供此项目的 SecretKey。请在设置中粘贴。',
  },
  errKeyRefused: {
    ko: '콘솔이 SecretKey를 거부했습니다. 재발급되었을 수 있습니다. 설정에서 새 SecretKey를 붙여 넣으세요.',
    en: 'The console refused the SecretKey: it may have been regenerated. Paste the new SecretKey in Settings.',
    ja: 'コンソールが SecretKey を拒否しました。再発行された可能性があります。設定で新しい SecretKey を貼り付けてください。',
    zh: '控制台拒绝了 SecretKey，它可能已被重新生成。请在设置中粘贴新的 SecretKey。',
  },
  goToSettings: { ko: '설정으로 이동', en: 'Go to Settings', ja: '設定へ移動', zh: '前往设置' },
  errSecretWrong: {
    ko: '이 SecretKey는 이 프로젝트의 Appkey와 맞지 않습니다.',
    en: "This SecretKey does not match this project's Appkey.",
    ja: 'この SecretKey はこのプロジェクトの Appkey と一致しません。',
    zh: '此 SecretKey 与此项目的 Appkey 不匹配。',
  },
  errRequired: { ko: '필수 입력 항목입니다.', en: 'Required.', ja: '必須項目です。', zh: '此项为必填项。' },
  errEmail: { ko: '올바른 이메일 주소가 아닙니다: {value}', en: 'Not a valid email address: {value}', ja: '有効なメールアドレスではありません: {value}', zh: '不是有效的电子邮件地址：{value}' },
  errTooMany: { ko: '수신자는 최대 100명입니다.', en: 'At most 100 recipients.', ja: '受信者は最大100件です。', zh: '收件人最多 100 个。' },
  errTooLong: { ko: '최대 {max}자까지 입력할 수 있습니다.', en: 'At most {max} characters.', ja: '最大{max}文字まで入力できます。', zh: '最多 {max} 个字符。' },
  errControl: { ko: '사용할 수 없는 문자가 있습니다.', en: 'Contains characters that are not allowed.', ja: '使用できない文字が含まれています。', zh: '包含不允许的字符。' },
  errNoWrite: {
    ko: '이 프로젝트에서 상품을 변경할 권한(Project.Product.Update)이 없습니다.',
    en: 'You do not have permission to change this product in this project (Project.Product.Update).',
    ja: 'このプロジェクトで製品を変更する権限（Project.Product.Update）がありません。',
    zh: '您没有在此项目中更改此产品的权限（Project.Product.Update）。',
  },
  errConsole: {
    ko: '콘솔에 연결하지 못했습니다. 잠시 후 다시 시도하세요.',
    en: 'Could not reach the console. Try again later.',
    ja: 'コンソールに接続できませんでした。しばらくしてから再度お試しください。',
    zh: '无法连接控制台。请稍后再试。',
  },
  errNotFromConsole: {
    ko: '이 페이지는 콘솔의 Email 상품 화면에서 열어야 합니다.',
    en: "Open this page from the Email product page of the console.",
    ja: 'このページはコンソールの Email 製品画面から開いてください。',
    zh: '请从控制台的 Email 产品页面打开此页面。',
  },
  errCheckFields: { ko: '입력값을 확인해 주세요.', en: 'Check the values you entered.', ja: '入力値を確認してください。', zh: '请检查输入的值。' },
  errGeneric: { ko: '요청을 처리하지 못했습니다.', en: 'The request could not be completed.', ja: 'リクエストを処理できませんでした。', zh: '无法完成请求。' },
  reasonDOMAIN_NOT_FOUND: { ko: '수신 도메인이 존재하지 않습니다.', en: 'The recipient domain does not exist.', ja: '受信ドメインが存在しません。', zh: '收件域名不存在。' },
  reasonRELAY_REFUSED: { ko: '메일 플랫폼이 발송을 거부했습니다.', en: 'The mail platform refused the mail.', ja: 'メールプラットフォームが送信を拒否しました。', zh: '邮件平台拒绝了该邮件。' },
  mailFooter: {
    ko: '이 메일은 {sender} 님이 Email 상품으로 보냈습니다.',
    en: 'Sent by {sender} with the Email product.',
    ja: 'このメールは {sender} さんが Email 製品で送信しました。',
    zh: '此邮件由 {sender} 通过 Email 产品发送。',
  },
  insightsName: { ko: '이메일 인사이트', en: 'Email Insights', ja: 'メールインサイト', zh: '邮件洞察' },
  insightsIntro: {
    ko: '조직의 프로젝트가 Email 상품으로 보낸 메일입니다(수신자 기준).',
    en: "Mail the organization's projects sent with the Email product, counted per recipient.",
    ja: '組織のプロジェクトが Email 製品で送信したメールです（受信者単位）。',
    zh: '组织内各项目通过 Email 产品发送的邮件（按收件人计）。',
  },
  period7d: { ko: '최근 7일', en: 'Last 7 days', ja: '直近7日', zh: '最近 7 天' },
  period30d: { ko: '최근 30일', en: 'Last 30 days', ja: '直近30日', zh: '最近 30 天' },
  periodAll: { ko: '전체', en: 'All time', ja: '全期間', zh: '全部' },
  colProject: { ko: '프로젝트', en: 'Project', ja: 'プロジェクト', zh: '项目' },
  projectHidden: {
    ko: '볼 수 없는 프로젝트',
    en: 'A project you cannot see',
    ja: '表示できないプロジェクト',
    zh: '您无权查看的项目',
  },
  colTotal: { ko: '요청', en: 'Requested', ja: 'リクエスト', zh: '请求' },
  colSent: { ko: '발송 완료', en: 'Sent', ja: '送信済み', zh: '已发送' },
  colFailed: { ko: '실패', en: 'Failed', ja: '失敗', zh: '失败' },
  colOpened: { ko: '열람', en: 'Opened', ja: '開封', zh: '已打开' },
  colLast: { ko: '마지막 요청', en: 'Last request', ja: '最終リクエスト', zh: '最近请求' },
  totalRow: { ko: '합계', en: 'Total', ja: '合計', zh: '合计' },
  noOrgMail: {
    ko: '이 기간에 조직의 프로젝트가 보낸 메일이 없습니다.',
    en: "The organization's projects sent no mail in this period.",
    ja: 'この期間に組織のプロジェクトが送信したメールはありません。',
    zh: '此期间组织内的项目没有发送邮件。',
  },
} as const satisfies Record<string, Record<Lang, string>>;

export type TextKey = keyof typeof T;

export function t(lang: Lang, key: TextKey, params: Record<string, string | number> = {}): string {
  return T[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Every text of one language (the page script reads the few it shows itself). */
export function textsOf(lang: Lang): Record<TextKey, string> {
  return Object.fromEntries(Object.entries(T).map(([key, texts]) => [key, texts[lang]])) as Record<TextKey, string>;
}
