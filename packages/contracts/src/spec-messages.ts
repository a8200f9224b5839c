import type { Lang } from './locales.ts';
import type { ResultCodeKey } from './result-codes.ts';
import type { ValidationMessageKey } from './validation-messages.ts';

/**
 * Where the console says a message the spec quotes word for word.
 * - `result`: a result code's message (contracts result-codes.ts), answered by the server;
 * - `validation`: a field message of our own rules (contracts validation-messages.ts);
 * - `ui`: a key of the web's locale files (apps/web/src/shared/i18n/locales);
 * - `notBuilt`: the area that will say it does not exist yet; its issue adds the key here.
 */
export type SpecMessagePlace =
  | { readonly kind: 'result'; readonly key: ResultCodeKey }
  | { readonly kind: 'validation'; readonly key: ValidationMessageKey }
  | { readonly kind: 'ui'; readonly key: string }
  | { readonly kind: 'notBuilt'; readonly area: string };

export interface SpecMessage {
  readonly section: '§5' | '§8';
  /** The spec's English text, exactly as quoted there. */
  readonly en: string;
  readonly place: SpecMessagePlace;
  /** What the console says in the other languages (the same message, agreed once); absent while not built. */
  readonly translations?: Readonly<Record<Exclude<Lang, 'en'>, string>>;
}

/**
 * Every message spec §5 and §8 quote, in the order they appear, with the key that says it and
 * its text in ko/ja/zh. Tests hold the catalogues to this table (contracts spec-messages.test.ts,
 * web spec-messages.test.ts) and the table to the spec, so a reworded message fails until the
 * change is made here deliberately.
 */
export const SPEC_MESSAGES: readonly SpecMessage[] = [
  // ---- §5 validation rules ----
  { section: '§5', en: 'Number of failed logins can be set between 1 and 20.', place: { kind: 'validation', key: 'validation.loginFail.countRange' }, translations: { ko: '로그인 실패 횟수는 1~20회 사이로 설정할 수 있습니다.', ja: 'ログイン失敗回数は1～20回の間で設定できます。', zh: '登录失败次数可设置在 1 到 20 之间。' } },
  { section: '§5', en: 'Number of Failed Logins is required.', place: { kind: 'validation', key: 'validation.loginFail.countRequired' }, translations: { ko: '로그인 실패 횟수는 필수 입력 항목입니다.', ja: 'ログイン失敗回数は必須入力項目です。', zh: '登录失败次数为必填项。' } },
  { section: '§5', en: 'Invalid login fail limit range. max: 20,min: 1', place: { kind: 'result', key: 'LOGIN_FAIL_LIMIT_RANGE' }, translations: { ko: '로그인 실패 횟수 범위가 올바르지 않습니다. 최대: 20, 최소: 1', ja: 'ログイン失敗回数の範囲が正しくありません。最大：20、最小：1', zh: '登录失败次数范围无效。最大：20，最小：1' } },
  { section: '§5', en: 'Time for login locks can be set between 1 and 60 minutes.', place: { kind: 'validation', key: 'validation.loginFail.blockRange' }, translations: { ko: '로그인 잠금 시간은 1~60분 사이로 설정할 수 있습니다.', ja: 'ログインロック時間は1～60分の間で設定できます。', zh: '登录锁定时间可设置在 1 到 60 分钟之间。' } },
  { section: '§5', en: 'Lock Time is required.', place: { kind: 'validation', key: 'validation.loginFail.blockRequired' }, translations: { ko: '잠금 시간은 필수 입력 항목입니다.', ja: 'ロック時間は必須入力項目です。', zh: '锁定时间为必填项。' } },
  {
    section: '§5',
    en: 'The IP format is incorrect.',
    // The IP values of a REQUEST_IP role condition (the IP ACL governance page will say it too).
    place: { kind: 'ui', key: 'roleGroups.condition.refused.ip' },
    translations: { ko: 'IP 형식이 올바르지 않습니다.', ja: 'IPの形式が正しくありません。', zh: 'IP 格式不正确。' },
  },
  {
    section: '§5',
    en: 'IP address is redundant.',
    place: { kind: 'ui', key: 'roleGroups.condition.refused.ipDuplicate' },
    translations: { ko: '중복된 IP 주소입니다.', ja: 'IPアドレスが重複しています。', zh: 'IP 地址重复。' },
  },
  {
    section: '§5',
    en: 'Required input. Enter a group name.',
    place: { kind: 'validation', key: 'validation.roleGroup.nameRequired' },
    translations: { ko: '필수 입력 항목입니다. 그룹 이름을 입력해 주세요.', ja: '必須入力項目です。グループ名を入力してください。', zh: '必填项。请输入组名称。' },
  },
  {
    section: '§5',
    en: 'Enter an email.',
    place: { kind: 'validation', key: 'validation.email.required' },
    translations: { ko: '이메일을 입력해 주세요.', ja: 'メールアドレスを入力してください。', zh: '请输入电子邮件地址。' },
  },
  {
    section: '§5',
    en: 'Invalid email format.',
    place: { kind: 'validation', key: 'validation.email.format' },
    translations: { ko: '이메일 형식이 올바르지 않습니다.', ja: 'メールアドレスの形式が正しくありません。', zh: '电子邮件地址格式无效。' },
  },
  {
    section: '§5',
    en: 'Already added user as an organization member',
    place: { kind: 'validation', key: 'validation.email.alreadyOrgMember' },
    translations: { ko: '이미 조직 멤버로 추가된 사용자입니다.', ja: '既に組織メンバーとして追加されているユーザーです。', zh: '该用户已被添加为组织成员。' },
  },
  {
    section: '§5',
    en: 'Already added user',
    place: { kind: 'validation', key: 'validation.member.alreadyAdded' },
    translations: { ko: '이미 추가된 사용자입니다.', ja: '既に追加されているユーザーです。', zh: '该用户已被添加。' },
  },

  // ---- §8 error catalogue ----
  {
    section: '§8',
    en: 'Cannot import receipt.',
    place: { kind: 'result', key: 'CANNOT_IMPORT_RECEIPT' },
    translations: { ko: '영수증을 가져올 수 없습니다.', ja: '領収書を取得できません。', zh: '无法获取收据。' },
  },
  {
    section: '§8',
    en: 'Fail to member batch registration',
    place: { kind: 'result', key: 'MEMBER_BATCH_REGISTRATION_FAILED' },
    translations: { ko: '멤버 일괄 등록에 실패했습니다.', ja: 'メンバーの一括登録に失敗しました。', zh: '成员批量登记失败。' },
  },
  {
    section: '§8',
    en: 'Failed to delete Organization.',
    // The organization delete confirmation, before the server's reason (ORG_HAS_PROJECTS: projects remain).
    place: { kind: 'ui', key: 'org.setting.delete.failed' },
    translations: { ko: '조직을 삭제하지 못했습니다.', ja: '組織を削除できませんでした。', zh: '删除组织失败。' },
  },
  { section: '§8', en: 'Failed to disable the {productName} service.', place: { kind: 'notBuilt', area: 'services: enable and disable' } },
  { section: '§8', en: 'Cannot enable service.', place: { kind: 'notBuilt', area: 'services: enable and disable' } },
  {
    section: '§8',
    en: 'Failed to add member.',
    // The project member add pages (cloud and IAM), before the server's reason.
    place: { kind: 'ui', key: 'projectMembers.add.failed' },
    translations: { ko: '멤버를 추가하지 못했습니다.', ja: 'メンバーを追加できませんでした。', zh: '添加成员失败。' },
  },
  {
    section: '§8',
    en: 'Failed to modify the role.',
    place: { kind: 'result', key: 'MEMBER_UPDATE_FAILED' },
    translations: { ko: '역할을 수정하지 못했습니다.', ja: 'ロールを変更できませんでした。', zh: '修改角色失败。' },
  },
  {
    section: '§8',
    en: 'Failed to add a role group.',
    place: { kind: 'ui', key: 'roleGroups.form.failed' },
    translations: { ko: '역할 그룹을 추가하지 못했습니다.', ja: 'ロールグループを追加できませんでした。', zh: '添加角色组失败。' },
  },
  {
    section: '§8',
    en: 'The notification receiver group name you entered already exists.',
    place: { kind: 'result', key: 'ALARM_GROUP_NAME_EXISTS' },
    translations: { ko: '입력한 알림 수신 그룹 이름이 이미 존재합니다.', ja: '入力した通知受信グループ名は既に存在します。', zh: '您输入的通知接收组名称已存在。' },
  },
  {
    section: '§8',
    en: 'Failed to download file. Try again later.',
    // Spreadsheet downloads: import templates and reports.
    place: { kind: 'ui', key: 'imports.downloadFailed' },
    translations: {
      ko: '파일을 내려받지 못했습니다. 잠시 후 다시 시도해 주세요.',
      ja: 'ファイルのダウンロードに失敗しました。しばらくしてから再度お試しください。',
      zh: '文件下载失败。请稍后重试。',
    },
  },
  {
    section: '§8',
    en: 'Failed to view the metric list.',
    // The alarm form's metric list (modules/alarms), when the metrics cannot be read.
    place: { kind: 'result', key: 'METRIC_LIST_FAILED' },
    translations: { ko: '메트릭 목록을 조회하지 못했습니다.', ja: 'メトリックリストの照会に失敗しました。', zh: '查看指标列表失败。' },
  },
  { section: '§8', en: 'Failed to copy.', place: { kind: 'notBuilt', area: 'copy buttons (URL and Appkey modal)' } },
  { section: '§8', en: 'Fail to save Iam Password Policy', place: { kind: 'result', key: 'IAM_PASSWORD_POLICY_SAVE_FAILED' }, translations: { ko: 'IAM 비밀번호 정책을 저장하지 못했습니다.', ja: 'IAMパスワードポリシーを保存できませんでした。', zh: '保存 IAM 密码策略失败。' } },
  { section: '§8', en: 'failed to register payment info', place: { kind: 'notBuilt', area: 'billing: payment method' } },
  {
    section: '§8',
    en: 'fail modify organization domain name',
    // Organization management, changing the domain, before the server's reason.
    place: { kind: 'ui', key: 'org.setting.domain.modifyFailed' },
    translations: { ko: '조직 도메인 이름을 수정하지 못했습니다.', ja: '組織のドメイン名を変更できませんでした。', zh: '修改组织域名失败。' },
  },
  {
    section: '§8',
    en: 'Service Unavailable',
    place: { kind: 'result', key: 'SERVICE_UNAVAILABLE' },
    translations: { ko: '서비스를 사용할 수 없습니다.', ja: 'サービスを利用できません。', zh: '服务不可用。' },
  },
  {
    section: '§8',
    en: 'Page Error',
    // The title of the page shown when a page fails unexpectedly.
    place: { kind: 'ui', key: 'errors.page.unexpected.title' },
    translations: { ko: '페이지 오류', ja: 'ページエラー', zh: '页面错误' },
  },
  {
    section: '§8',
    en: 'MainPage Error',
    // The same, when the main page (/) fails.
    place: { kind: 'ui', key: 'errors.page.main.title' },
    translations: { ko: '메인 페이지 오류', ja: 'メインページエラー', zh: '主页面错误' },
  },
];
