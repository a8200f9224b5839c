import type { Lang } from './locales.ts';

/**
 * Every result code the API answers with (spec §8), with the HTTP status it travels with and its
 * message in each console language. The server sends the code; the web translates it.
 * Messages may hold `{name}` placeholders filled from the error's params.
 *
 * Statuses follow how the web routes them: 400 keeps the user on the form with the message,
 * 401 goes to sign-in, 403 to the permission / IP / country handling, 404 back to a safe page,
 * other 4xx to the default error page and 5xx to the server error page. So every refusal the
 * user can act on in place (validation, duplicates, limits, "cannot … while …", batch rows) is 400.
 *
 * Codes are unique: `resultCodeKeyOf` answers with the first key listed for a code, and no code
 * is listed twice. Where the spec gives one number two readings, the entry says which it keeps.
 */
export interface ResultCodeDef {
  readonly code: number | string;
  readonly status: number;
  readonly messages: Readonly<Record<Lang, string>>;
}

const def = (code: number | string, status: number, messages: Record<Lang, string>): ResultCodeDef => ({
  code,
  status,
  messages,
});

export const RESULT_CODES = {
  SUCCESS: def(0, 200, { ko: '성공', en: 'Success', ja: '成功', zh: '成功' }),

  // ---- platform (codes the spec does not number; see docs/decisions.md) ----
  INTERNAL_ERROR: def(-1, 500, {
    ko: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
    en: 'A temporary error occurred. Try again later.',
    ja: '一時的なエラーが発生しました。しばらくしてから再度お試しください。',
    zh: '发生临时错误。请稍后再试。',
  }),
  INVALID_PARAMETER: def(10001, 400, {
    ko: '입력값을 확인해 주세요.',
    en: 'Check the values you entered.',
    ja: '入力値を確認してください。',
    zh: '请检查输入的值。',
  }),
  PARAMETER_CONVERSION_FAILED: def(10005, 400, {
    ko: '입력값의 형식을 변환할 수 없습니다. 입력값을 확인해 주세요.',
    en: 'A value could not be converted to the expected type. Check the values you entered.',
    ja: '入力値の形式を変換できませんでした。入力値を確認してください。',
    zh: '无法转换输入值的格式。请检查输入的值。',
  }),
  NOT_FOUND: def(10404, 404, {
    ko: '요청한 리소스를 찾을 수 없습니다.',
    en: 'The requested resource was not found.',
    ja: 'リクエストされたリソースが見つかりません。',
    zh: '找不到请求的资源。',
  }),
  METHOD_NOT_ALLOWED: def(10405, 405, {
    ko: '허용되지 않는 요청 방식입니다.',
    en: 'This request method is not allowed.',
    ja: 'このリクエストメソッドは許可されていません。',
    zh: '不允许使用此请求方法。',
  }),
  PAYLOAD_TOO_LARGE: def(10413, 413, {
    ko: '요청 크기가 너무 큽니다.',
    en: 'The request is too large.',
    ja: 'リクエストのサイズが大きすぎます。',
    zh: '请求内容过大。',
  }),
  TOO_MANY_REQUESTS: def(10429, 429, {
    ko: '요청이 너무 많습니다. {retryAfter}초 후에 다시 시도해 주세요.',
    en: 'Too many requests. Try again in {retryAfter} seconds.',
    ja: 'リクエストが多すぎます。{retryAfter}秒後に再度お試しください。',
    zh: '请求过于频繁。请在 {retryAfter} 秒后重试。',
  }),
  SERVICE_UNAVAILABLE: def(10503, 503, {
    ko: '서비스를 사용할 수 없습니다.',
    en: 'Service Unavailable',
    ja: 'サービスを利用できません。',
    zh: '服务不可用。',
  }),
  // The spec only says the web never retries -99950; its meaning is not shown. The name and text
  // are ours and say just that: the same request will fail again.
  NOT_RETRYABLE_REQUEST: def(-99950, 400, {
    ko: '요청을 완료할 수 없습니다. 같은 요청을 반복하지 말고 요청 내용을 확인한 후 다시 시도해 주세요.',
    en: 'The request could not be completed. Do not retry it; check the request and try again.',
    ja: 'リクエストを完了できませんでした。同じリクエストを繰り返さず、内容を確認してから再度お試しください。',
    zh: '无法完成请求。请勿重复相同的请求，请检查请求内容后重试。',
  }),
  // §8 writes only "duplicate key"; the readable sentence keeps the term for support.
  DUPLICATE_RESOURCE: def(60004, 400, {
    ko: '이미 존재하는 항목입니다(중복 키).',
    en: 'The item already exists (duplicate key).',
    ja: '既に存在する項目です（重複キー）。',
    zh: '该项已存在（重复键）。',
  }),
  DUPLICATE_ACTION: def(22006, 400, {
    ko: '이미 요청한 작업입니다.',
    en: 'This action has already been requested.',
    ja: 'この操作は既にリクエストされています。',
    zh: '已请求过此操作。',
  }),

  // ---- products calling the console with an Appkey and SecretKey (product-gateway, ingestion) ----
  // One code whatever is wrong (unknown Appkey, wrong SecretKey, key stopped): no oracle.
  APPKEY_INVALID: def(10401, 401, {
    ko: 'Appkey 또는 SecretKey가 올바르지 않습니다.',
    en: 'The Appkey or SecretKey is not valid.',
    ja: 'AppkeyまたはSecretKeyが正しくありません。',
    zh: 'Appkey 或 SecretKey 无效。',
  }),
  // Spec §8 "no permission to use service": the key is valid but names a project where the service is not in use.
  SERVICE_NOT_IN_USE: def(10402, 403, {
    ko: '서비스를 사용할 권한이 없습니다.',
    en: 'You do not have permission to use this service.',
    ja: 'サービスを利用する権限がありません。',
    zh: '您没有使用此服务的权限。',
  }),

  // ---- platform: sign-in and session (the web sends 401s to sign-in; 4000 signs the user out) ----
  LOGIN_REQUIRED: def(100, 401, {
    ko: '로그인이 필요합니다.',
    en: 'You need to sign in.',
    ja: 'ログインが必要です。',
    zh: '需要登录。',
  }),
  SESSION_EXPIRED: def(4000, 401, {
    ko: '세션이 종료되었습니다. 다시 로그인해 주세요.',
    en: 'Your session has ended. Sign in again.',
    ja: 'セッションが終了しました。再度ログインしてください。',
    zh: '会话已结束。请重新登录。',
  }),
  // One text whether or not the account exists, so sign-in does not reveal which emails are members.
  INVALID_CREDENTIALS: def(20001, 400, {
    ko: '이메일 또는 비밀번호가 올바르지 않습니다.',
    en: 'The email or password is incorrect.',
    ja: 'メールアドレスまたはパスワードが正しくありません。',
    zh: '电子邮件地址或密码不正确。',
  }),
  IAM_INVALID_CREDENTIALS: def(20002, 400, {
    ko: 'ID 또는 비밀번호가 올바르지 않습니다.',
    en: 'The ID or password is incorrect.',
    ja: 'IDまたはパスワードが正しくありません。',
    zh: 'ID 或密码不正确。',
  }),
  UNKNOWN_ORG_DOMAIN: def(20003, 400, {
    ko: '이 도메인을 사용하는 조직이 없습니다.',
    en: 'No organization uses this domain.',
    ja: 'このドメインを使用している組織はありません。',
    zh: '没有组织使用此域名。',
  }),
  ACCOUNT_NOT_ACTIVE: def(20004, 403, {
    ko: '사용이 중지되었거나 탈퇴한 계정입니다.',
    en: 'This account has been suspended or has left the service.',
    ja: '利用停止中または退会済みのアカウントです。',
    zh: '该账号已被停用或已注销。',
  }),
  // Spec §3 restrictTypes CONSOLE_BLOCK, §6 "CONSOLE_BLOCK blocks the console": the account exists
  // and is active, only the console is closed to it (set by the platform's operators).
  CONSOLE_BLOCKED: def(20006, 403, {
    ko: '이 계정은 콘솔 사용이 차단되어 있습니다. 고객 센터에 문의해 주세요.',
    en: 'The console is blocked for this account. Contact the customer center.',
    ja: 'このアカウントはコンソールの利用がブロックされています。カスタマーセンターにお問い合わせください。',
    zh: '该账号已被禁止使用控制台。请联系客户中心。',
  }),

  // An account-level restriction (spec §3 restrictTypes, partner sign-ups, IAM accounts), not a
  // missing role: 400 keeps the message on the form; the answer names it in `restriction`.
  ACCOUNT_RESTRICTED: def(20005, 400, {
    ko: '이 계정은 이 작업을 할 수 없도록 제한되어 있습니다. 고객 센터에 문의해 주세요.',
    en: 'This account is restricted from this action. Contact the customer center.',
    ja: 'このアカウントはこの操作を制限されています。カスタマーセンターにお問い合わせください。',
    zh: '该账号已被限制执行此操作。请联系客户中心。',
  }),

  // ---- platform: access (the web handles these by code: error pages, the permission modal) ----
  PERMISSION_DENIED: def(-6, 403, {
    ko: '권한이 없습니다.',
    en: 'Permission denied.',
    ja: '権限がありません。',
    zh: '没有权限。',
  }),
  CANNOT_ACCESS: def(-4, 403, {
    ko: '접근할 수 없는 페이지입니다.',
    en: 'You cannot access this page.',
    ja: 'このページにはアクセスできません。',
    zh: '无法访问此页面。',
  }),
  IP_NOT_ALLOWED: def(-8, 403, {
    ko: '허용되지 않은 IP 주소에서 접근했습니다.',
    en: 'Access from your IP address is not allowed.',
    ja: 'このIPアドレスからのアクセスは許可されていません。',
    zh: '不允许从此 IP 地址访问。',
  }),
  COUNTRY_NOT_PERMITTED: def(-14, 403, {
    ko: '접속한 국가에서는 접근할 수 없습니다.',
    en: 'Access from your country is not permitted.',
    ja: '接続元の国からのアクセスは許可されていません。',
    zh: '不允许从您所在的国家/地区访问。',
  }),
  CSRF_TOKEN_INVALID: def(10403, 403, {
    ko: '요청을 확인할 수 없습니다. 페이지를 새로 고친 후 다시 시도해 주세요.',
    en: 'Your request could not be verified. Reload the page and try again.',
    ja: 'リクエストを確認できませんでした。ページを再読み込みしてから再度お試しください。',
    zh: '无法验证您的请求。请刷新页面后重试。',
  }),

  // ---- cab: organizations and projects ----
  // 404 because the web answers both by going back to / (spec §8).
  INVALID_ORG_ID: def(23005, 404, {
    ko: '유효하지 않은 조직 ID입니다.',
    en: 'The organization ID is invalid.',
    ja: '無効な組織IDです。',
    zh: '组织 ID 无效。',
  }),
  PROJECT_NOT_EXIST: def(40017, 404, {
    ko: '존재하지 않는 프로젝트입니다.',
    en: 'The project does not exist.',
    ja: '存在しないプロジェクトです。',
    zh: '项目不存在。',
  }),
  PROJECT_CREATION_LIMIT: def(1400, 400, {
    ko: '프로젝트 생성 한도에 도달했습니다. 프로젝트를 더 만들려면 고객 센터에 문의해 주세요.',
    en: 'You have reached the project creation limit. Contact the customer center to create more projects.',
    ja: 'プロジェクト作成数の上限に達しました。さらにプロジェクトを作成するには、カスタマーセンターにお問い合わせください。',
    zh: '已达到项目创建上限。如需创建更多项目，请联系客户中心。',
  }),
  // §9 "Projects per organization default 5 (contact customer center)".
  PROJECT_QUOTA_EXCEEDED: def(12401, 400, {
    ko: '할당량을 초과하여 프로젝트를 추가할 수 없습니다. 프로젝트를 더 추가하려면 고객 센터에 문의해 주세요.',
    en: 'The project cannot be added because it exceeds the quota. Contact the customer center to add more projects.',
    ja: 'クォータを超えるため、プロジェクトを追加できません。さらにプロジェクトを追加するには、カスタマーセンターにお問い合わせください。',
    zh: '超出配额，无法添加项目。如需添加更多项目，请联系客户中心。',
  }),
  ORGANIZATION_QUOTA_EXCEEDED: def(22021, 400, {
    ko: '할당량을 초과하여 조직을 추가할 수 없습니다.',
    en: 'The organization cannot be added because it exceeds the quota.',
    ja: 'クォータを超えるため、組織を追加できません。',
    zh: '超出配额，无法添加组织。',
  }),
  PROJECT_HAS_PRODUCTS_IN_USE: def(12500, 400, {
    ko: '사용 중인 서비스가 있는 프로젝트는 삭제할 수 없습니다.',
    en: 'The project cannot be deleted while it has services in use.',
    ja: '利用中のサービスがあるプロジェクトは削除できません。',
    zh: '项目中有正在使用的服务，无法删除。',
  }),
  PROJECT_MEMBERS_WITHOUT_ROLES: def(10010, 400, {
    ko: '역할이 없는 프로젝트 멤버가 있습니다. 모든 멤버에게 역할을 지정해 주세요.',
    en: 'Some project members have no roles. Assign a role to every member.',
    ja: 'ロールが割り当てられていないプロジェクトメンバーがいます。すべてのメンバーにロールを割り当ててください。',
    zh: '部分项目成员没有角色。请为所有成员分配角色。',
  }),
  PROJECTS_WITHOUT_ADMIN: def(10011, 400, {
    ko: 'ADMIN이 없는 프로젝트가 있습니다. 프로젝트마다 ADMIN이 한 명 이상 있어야 합니다.',
    en: 'Some projects have no ADMIN. Each project needs at least one ADMIN.',
    ja: 'ADMINがいないプロジェクトがあります。各プロジェクトには1人以上のADMINが必要です。',
    zh: '部分项目没有 ADMIN。每个项目至少需要一名 ADMIN。',
  }),
  PROJECT_WITHOUT_ADMIN: def(10012, 400, {
    ko: '프로젝트에 ADMIN이 없습니다. 프로젝트에는 ADMIN이 한 명 이상 있어야 합니다.',
    en: 'The project has no ADMIN. A project needs at least one ADMIN.',
    ja: 'プロジェクトにADMINがいません。プロジェクトには1人以上のADMINが必要です。',
    zh: '该项目没有 ADMIN。项目至少需要一名 ADMIN。',
  }),
  // §8 says only "same because of an MSP partner"; read as a change refused for an MSP-managed org.
  MSP_PARTNER_RESTRICTION: def(22023, 400, {
    ko: 'MSP 파트너가 관리하는 조직이므로 변경할 수 없습니다.',
    en: 'This cannot be changed because the organization is managed by an MSP partner.',
    ja: 'MSPパートナーが管理する組織のため、変更できません。',
    zh: '该组织由 MSP 合作伙伴管理，无法更改。',
  }),
  // Domain checks of spec §5.
  DOMAIN_PROHIBITED_WORD: def(22010, 400, {
    ko: '도메인에 사용할 수 없는 단어가 포함되어 있습니다.',
    en: 'The domain contains a prohibited word.',
    ja: 'ドメインに使用できない単語が含まれています。',
    zh: '域名包含禁用词。',
  }),
  DOMAIN_RULE_VIOLATION: def(22011, 400, {
    ko: '도메인 규칙에 맞지 않습니다. 영문자, 숫자, 하이픈(-)으로 3~40자를 입력하고 영문자 또는 숫자로 시작해야 합니다.',
    en: 'The domain does not follow the rules. Use 3 to 40 letters, digits or hyphens, starting with a letter or digit.',
    ja: 'ドメインのルールに違反しています。英字、数字、ハイフン（-）で3～40文字を入力し、英字または数字で始めてください。',
    zh: '域名不符合规则。请输入 3 到 40 个字母、数字或连字符（-），并以字母或数字开头。',
  }),
  DUPLICATE_DOMAIN: def(22012, 400, {
    ko: '이미 사용 중인 도메인입니다.',
    en: 'This domain is already in use.',
    ja: '既に使用されているドメインです。',
    zh: '该域名已被使用。',
  }),

  // ---- cab: partners ----
  INVALID_PARTNER_FILE_NAME: def(1201, 400, {
    ko: '파일 이름이 올바르지 않습니다. 파일 이름을 확인한 후 다시 업로드해 주세요.',
    en: 'The file name is invalid. Check the file name and upload it again.',
    ja: 'ファイル名が正しくありません。ファイル名を確認してから再度アップロードしてください。',
    zh: '文件名无效。请检查文件名后重新上传。',
  }),
  PARTNER_INTRO_APPROVAL_REQUIRED: def(6002, 400, {
    ko: '파트너 소개는 승인을 받아야 합니다.',
    en: 'The partner introduction needs approval.',
    ja: 'パートナー紹介には承認が必要です。',
    zh: '合作伙伴介绍需要审批。',
  }),
  PARTNER_HAS_USERS: def(6003, 400, {
    ko: '사용자가 있는 동안에는 파트너를 해지할 수 없습니다.',
    en: 'The partnership cannot be closed while it has users.',
    ja: 'ユーザーがいる間はパートナーを解約できません。',
    zh: '存在用户时无法终止合作伙伴关系。',
  }),
  PARTNER_HAS_UNPAID: def(6004, 400, {
    ko: '미납 요금이 있는 동안에는 파트너를 해지할 수 없습니다.',
    en: 'The partnership cannot be closed while charges are unpaid.',
    ja: '未払いの料金がある間はパートナーを解約できません。',
    zh: '存在未付费用时无法终止合作伙伴关系。',
  }),

  // ---- members ----
  PROJECT_MEMBER_NOT_FOUND: def(12100, 400, {
    ko: '프로젝트 멤버를 찾을 수 없습니다.',
    en: 'The project member was not found.',
    ja: 'プロジェクトメンバーが見つかりません。',
    zh: '找不到项目成员。',
  }),
  ORG_MEMBER_NOT_FOUND: def(22019, 400, {
    ko: '조직 멤버를 찾을 수 없습니다.',
    en: 'The organization member was not found.',
    ja: '組織メンバーが見つかりません。',
    zh: '找不到组织成员。',
  }),
  // §8 names 12101 "member update fail"; its message list words it 'Failed to modify the role.'
  // It answers a role change the member's position forbids (the OWNER's roles change by hand-over).
  MEMBER_UPDATE_FAILED: def(12101, 400, {
    ko: '역할을 수정하지 못했습니다.',
    en: 'Failed to modify the role.',
    ja: 'ロールを変更できませんでした。',
    zh: '修改角色失败。',
  }),
  // ---- members: invitations, IAM accounts (codes of our own, 21001-21012; docs/decisions.md) ----
  // §8 "invitation already sent": a resend within a minute of the last send.
  INVITATION_ALREADY_SENT: def(21001, 400, {
    ko: '이미 초대 메일을 보냈습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The invitation has already been sent. Try again in a minute.',
    ja: '既に招待メールを送信しました。しばらくしてから再度お試しください。',
    zh: '邀请已发送。请稍后再试。',
  }),
  INVITATION_NOT_FOUND: def(21002, 404, {
    ko: '초대를 찾을 수 없습니다.',
    en: 'The invitation was not found.',
    ja: '招待が見つかりません。',
    zh: '找不到邀请。',
  }),
  INVITATION_EXPIRED: def(21003, 400, {
    ko: '만료된 초대입니다. 초대한 관리자에게 다시 보내 달라고 요청해 주세요.',
    en: 'The invitation has expired. Ask the person who invited you to send it again.',
    ja: '有効期限が切れた招待です。招待した管理者に再送信を依頼してください。',
    zh: '邀请已过期。请联系邀请人重新发送。',
  }),
  INVITATION_ALREADY_ACCEPTED: def(21004, 400, {
    ko: '이미 수락한 초대입니다.',
    en: 'The invitation has already been accepted.',
    ja: '既に承諾された招待です。',
    zh: '邀请已被接受。',
  }),
  INVITATION_EMAIL_MISMATCH: def(21005, 400, {
    ko: '초대받은 이메일의 계정으로 로그인해야 초대를 수락할 수 있습니다.',
    en: 'Sign in with the account of the invited email to accept the invitation.',
    ja: '招待を承諾するには、招待されたメールアドレスのアカウントでログインしてください。',
    zh: '请使用受邀电子邮件地址的账号登录后接受邀请。',
  }),
  PASSWORD_SETUP_LINK_INVALID: def(21006, 400, {
    ko: '유효하지 않거나 만료된 링크입니다. 관리자에게 비밀번호 설정 메일을 다시 보내 달라고 요청해 주세요.',
    en: 'The link is invalid or has expired. Ask your administrator to send the password setup mail again.',
    ja: '無効または有効期限切れのリンクです。管理者にパスワード設定メールの再送信を依頼してください。',
    zh: '链接无效或已过期。请联系管理员重新发送密码设置邮件。',
  }),
  // Spec §6: only IAM-type members are edited, password-reset, suspended or deleted here.
  SSO_MEMBER_NOT_EDITABLE: def(21007, 400, {
    ko: 'SSO로 연동된 계정은 여기에서 변경할 수 없습니다. ID 공급자에서 관리해 주세요.',
    en: 'Accounts integrated through SSO cannot be changed here. Manage them at the identity provider.',
    ja: 'SSOで連携されたアカウントはここでは変更できません。IDプロバイダーで管理してください。',
    zh: '通过 SSO 集成的账号无法在此更改。请在身份提供商处管理。',
  }),
  IAM_MEMBER_NOT_FOUND: def(21008, 404, {
    ko: 'IAM 계정을 찾을 수 없습니다.',
    en: 'The IAM account was not found.',
    ja: 'IAMアカウントが見つかりません。',
    zh: '找不到 IAM 账号。',
  }),
  // §8 "IAM account must first be an organization member".
  IAM_MEMBER_NOT_IN_ORG: def(21009, 400, {
    ko: 'IAM 계정은 먼저 조직의 멤버여야 합니다.',
    en: 'The IAM account must first be a member of the organization.',
    ja: 'IAMアカウントは、まず組織のメンバーである必要があります。',
    zh: 'IAM 账号必须先成为组织成员。',
  }),
  ORG_OWNER_NOT_REMOVABLE: def(21010, 400, {
    ko: '조직 OWNER는 삭제할 수 없습니다. 먼저 소유권을 이전해 주세요.',
    en: 'The organization OWNER cannot be removed. Hand over the organization first.',
    ja: '組織のOWNERは削除できません。先に所有権を移譲してください。',
    zh: '不能移除组织 OWNER。请先转让组织所有权。',
  }),
  MEMBER_OWNS_PROJECTS: def(21011, 400, {
    ko: '이 멤버가 소유한 프로젝트가 있습니다. 먼저 프로젝트 소유권을 다른 멤버에게 이전해 주세요.',
    en: 'This member owns projects. Hand them over to another member first.',
    ja: 'このメンバーが所有するプロジェクトがあります。先にプロジェクトの所有権を他のメンバーに移譲してください。',
    zh: '该成员拥有项目。请先将项目转让给其他成员。',
  }),
  PROJECT_OWNER_NOT_REMOVABLE: def(21012, 400, {
    ko: '프로젝트 소유자는 삭제할 수 없습니다. 먼저 프로젝트 소유권을 이전해 주세요.',
    en: 'The project owner cannot be removed. Hand over the project first.',
    ja: 'プロジェクトのオーナーは削除できません。先にプロジェクトの所有権を移譲してください。',
    zh: '不能移除项目所有者。请先转让项目所有权。',
  }),
  // Organization refusals §8 has no number for (ours, next after 21012; docs/decisions.md).
  // Deleting an organization whose projects remain (70013 is about services in use).
  ORG_HAS_PROJECTS: def(21013, 400, {
    ko: '프로젝트가 남아 있는 조직은 삭제할 수 없습니다. 먼저 조직의 프로젝트를 모두 삭제해 주세요.',
    en: 'The organization cannot be deleted while it has projects. Delete its projects first.',
    ja: 'プロジェクトが残っている組織は削除できません。先に組織のプロジェクトをすべて削除してください。',
    zh: '组织中仍有项目，无法删除。请先删除该组织的所有项目。',
  }),
  // A second domain: the organization's one domain is changed, not added to.
  ORG_DOMAIN_ALREADY_SET: def(21014, 400, {
    ko: '조직에는 도메인을 하나만 둘 수 있습니다. 새 도메인을 추가하는 대신 기존 도메인을 변경해 주세요.',
    en: 'An organization has one domain. Change the existing domain instead of adding another.',
    ja: '組織に設定できるドメインは1つだけです。新しいドメインを追加する代わりに、既存のドメインを変更してください。',
    zh: '一个组织只能有一个域名。请修改现有域名，而不是添加新的域名。',
  }),
  // A rule on the kind of member, not a missing role: 400 keeps the message on the form.
  CORPORATE_MEMBER_NOT_PERMITTED: def(12025, 400, {
    ko: '법인 회원은 이용할 수 없습니다.',
    en: 'This is not available to corporate members.',
    ja: '法人会員はご利用いただけません。',
    zh: '法人会员无法使用此功能。',
  }),
  // The member service answers these as strings; '-200204' and -200204 are different codes.
  INVALID_MEMBER_ID: def('-200202', 400, {
    ko: 'ID가 올바르지 않습니다. 영문 소문자, 숫자, - . _만 사용할 수 있으며 특수 문자로 시작하거나 끝날 수 없습니다.',
    en: 'The ID is invalid. Use lowercase letters, digits and - . _, with no special character at the start or end.',
    ja: 'IDが正しくありません。英小文字、数字、「-」「.」「_」のみ使用でき、先頭と末尾に記号は使用できません。',
    zh: 'ID 无效。只能使用小写字母、数字和“-”“.”“_”，且开头和结尾不能是特殊字符。',
  }),
  DUPLICATE_MEMBER_ID: def('-200204', 400, {
    ko: '이미 사용 중인 ID입니다.',
    en: 'This ID is already in use.',
    ja: '既に使用されているIDです。',
    zh: '该 ID 已被使用。',
  }),
  DUPLICATE_MEMBER_EMAIL: def('-200205', 400, {
    ko: '이미 사용 중인 이메일입니다.',
    en: 'This email is already in use.',
    ja: '既に使用されているメールアドレスです。',
    zh: '该电子邮件地址已被使用。',
  }),

  // ---- roles and notification receiver (alarm) groups ----
  DUPLICATE_ROLE_GROUP: def(62004, 400, {
    ko: '이미 존재하는 역할 그룹 이름입니다.',
    en: 'A role group with this name already exists.',
    ja: '既に存在するロールグループ名です。',
    zh: '角色组名称已存在。',
  }),
  ROLE_GROUP_USED_BY_ALARM_GROUP: def(62011, 400, {
    ko: '알림 수신 그룹에서 사용 중인 역할 그룹은 삭제할 수 없습니다.',
    en: 'The role group cannot be deleted because a notification receiver group uses it.',
    ja: '通知受信グループで使用中のロールグループは削除できません。',
    zh: '该角色组正被通知接收组使用，无法删除。',
  }),
  // Spec §5 "A role group containing the user's own account cannot be deleted"; §8 gives it no
  // number, so it takes the one after 62011 (docs/decisions.md "Role groups").
  ROLE_GROUP_HOLDS_OWN_ACCOUNT: def(62012, 400, {
    ko: '내 계정이 포함된 역할 그룹은 삭제할 수 없습니다.',
    en: 'A role group that holds your own account cannot be deleted.',
    ja: '自分のアカウントが含まれるロールグループは削除できません。',
    zh: '包含您自己账号的角色组无法删除。',
  }),
  INVALID_CONDITION_DATA_TYPE: def(62020, 400, {
    ko: '조건 값이 데이터 유형과 맞지 않습니다.',
    en: 'The condition value does not match its data type.',
    ja: '条件値がデータ型と一致しません。',
    zh: '条件值与数据类型不匹配。',
  }),
  CONDITION_VALUES_EXIST: def(62021, 400, {
    ko: '이미 존재하는 조건 값입니다.',
    en: 'The condition value already exists.',
    ja: '既に存在する条件値です。',
    zh: '条件值已存在。',
  }),
  // The console calls alarm groups "notification receiver groups"; the text is the spec's.
  ALARM_GROUP_NAME_EXISTS: def(40103, 400, {
    ko: '입력한 알림 수신 그룹 이름이 이미 존재합니다.',
    en: 'The notification receiver group name you entered already exists.',
    ja: '入力した通知受信グループ名は既に存在します。',
    zh: '您输入的通知接收组名称已存在。',
  }),
  // ---- metric alarms and alarm groups (issue 11; numbers after 40103, see docs/decisions.md "Alarms") ----
  // Spec §8: "alarm group cannot be deleted when used by a service".
  ALARM_GROUP_IN_USE: def(40104, 400, {
    ko: '알람에서 사용 중인 알림 그룹은 삭제할 수 없습니다.',
    en: 'The alarm group cannot be deleted because an alarm uses it.',
    ja: 'アラームで使用中のアラームグループは削除できません。',
    zh: '该告警组正被告警使用，无法删除。',
  }),
  // Spec §8: "... or when it is the project default group".
  ALARM_GROUP_IS_DEFAULT: def(40105, 400, {
    ko: '기본 알림 그룹은 삭제할 수 없습니다.',
    en: 'The default alarm group cannot be deleted.',
    ja: 'デフォルトのアラームグループは削除できません。',
    zh: '默认告警组无法删除。',
  }),
  // Spec §5 "Alarm needs recipient and metric".
  ALARM_RECIPIENT_REQUIRED: def(40106, 400, {
    ko: '알람을 받을 수신 그룹을 하나 이상 선택해 주세요.',
    en: 'Choose at least one group to receive the alarm.',
    ja: 'アラームを受け取るグループを1つ以上選択してください。',
    zh: '请至少选择一个接收告警的组。',
  }),
  ALARM_METRIC_REQUIRED: def(40107, 400, {
    ko: '알람의 메트릭을 선택해 주세요.',
    en: 'Choose the metric of the alarm.',
    ja: 'アラームのメトリックを選択してください。',
    zh: '请选择告警的指标。',
  }),
  ALARM_TARGET_NOT_FOUND: def(40109, 400, {
    ko: '존재하지 않는 수신 대상이 포함되어 있습니다.',
    en: 'A target does not exist (any more).',
    ja: '存在しない受信対象が含まれています。',
    zh: '包含不存在的接收对象。',
  }),
  // Spec §8 'Failed to view the metric list.'
  METRIC_LIST_FAILED: def(40110, 400, {
    ko: '메트릭 목록을 조회하지 못했습니다.',
    en: 'Failed to view the metric list.',
    ja: 'メトリックリストの照会に失敗しました。',
    zh: '查看指标列表失败。',
  }),

  // ---- products (enabling and disabling services; the 70xxx codes answer those calls) ----
  ENABLE_PERMISSION_INSUFFICIENT: def(13007, 403, {
    ko: '서비스를 활성화하거나 비활성화할 권한이 없습니다.',
    en: 'You do not have permission to enable or disable this service.',
    ja: 'サービスを有効化または無効化する権限がありません。',
    zh: '您没有启用或停用此服务的权限。',
  }),
  BUSINESS_MEMBER_ONLY: def(13006, 400, {
    ko: '협업 계정이 있는 사업자 회원만 이용할 수 있는 서비스입니다.',
    en: 'This service is available only to business members with a cooperation account.',
    ja: '協業アカウントを持つ事業者会員のみが利用できるサービスです。',
    zh: '此服务仅限拥有合作账号的企业会员使用。',
  }),
  // 'Cannot enable service.' (spec §8): the product is not open for enabling (not STABLE, in maintenance, org-only).
  PRODUCT_NOT_ENABLEABLE: def(13008, 400, {
    ko: '서비스를 활성화할 수 없습니다.',
    en: 'Cannot enable service.',
    ja: 'サービスを有効にできません。',
    zh: '无法启用服务。',
  }),
  // Spec §9: up to 3 project Appkeys; §8 names "quota exceeded" without a number.
  PROJECT_APPKEY_LIMIT_EXCEEDED: def(13009, 400, {
    ko: '프로젝트 Appkey는 최대 3개까지 만들 수 있습니다.',
    en: 'A project can have at most 3 Appkeys.',
    ja: 'プロジェクトAppkeyは最大3個まで作成できます。',
    zh: '每个项目最多可创建 3 个 Appkey。',
  }),
  // The SaaS OWNER of a product cannot be removed or demoted (spec §6); hand the ownership over first.
  SAAS_OWNER_NOT_REMOVABLE: def(13010, 400, {
    ko: 'SaaS OWNER는 삭제하거나 역할을 바꿀 수 없습니다. 먼저 다른 멤버를 OWNER로 지정해 주세요.',
    en: 'The SaaS OWNER cannot be removed or given another role. Make another member the OWNER first.',
    ja: 'SaaS OWNERは削除したりロールを変更したりできません。先に別のメンバーをOWNERに指定してください。',
    zh: '无法删除 SaaS OWNER 或更改其角色。请先将其他成员设为 OWNER。',
  }),
  // §8 gives 13001 and 13002 one meaning without telling them apart, hence the code suffixes.
  RELATION_ALREADY_STABLE_13001: def(13001, 400, {
    ko: '이미 활성화된 연결입니다.',
    en: 'This relation is already active.',
    ja: '既に有効な関連付けです。',
    zh: '该关联已处于启用状态。',
  }),
  RELATION_ALREADY_STABLE_13002: def(13002, 400, {
    ko: '이미 활성화된 연결입니다.',
    en: 'This relation is already active.',
    ja: '既に有効な関連付けです。',
    zh: '该关联已处于启用状态。',
  }),
  // §8 pairs 40054/40057 with "enabled first or dependents disabled first": read in that order.
  DEFAULT_SERVICE_NOT_ENABLED: def(40054, 400, {
    ko: '기본 서비스를 먼저 활성화해 주세요.',
    en: 'Enable the default services first.',
    ja: '先にデフォルトサービスを有効にしてください。',
    zh: '请先启用默认服务。',
  }),
  DEPENDENT_SERVICES_ENABLED: def(40057, 400, {
    ko: '이 서비스를 사용하는 서비스를 먼저 비활성화해 주세요.',
    en: 'Disable the services that depend on this service first.',
    ja: '先にこのサービスに依存するサービスを無効にしてください。',
    zh: '请先停用依赖此服务的服务。',
  }),
  PRODUCTS_STILL_IN_USE: def(70013, 400, {
    ko: '아직 사용 중인 서비스가 있습니다. 먼저 서비스를 비활성화해 주세요.',
    en: 'Some services are still in use. Disable them first.',
    ja: 'まだ利用中のサービスがあります。先にサービスを無効にしてください。',
    zh: '仍有正在使用的服务。请先停用这些服务。',
  }),
  // Same pairing as above: 70020 no payment method, 70024 no usable (stable) billing key.
  OWNER_PAYMENT_METHOD_UNREGISTERED: def(70020, 400, {
    ko: '조직 OWNER의 결제 수단이 등록되어 있지 않습니다. 서비스를 이용하려면 OWNER가 결제 수단을 등록해야 합니다.',
    en: 'The organization OWNER has not registered a payment method. The OWNER must register one to use services.',
    ja: '組織OWNERの支払い方法が登録されていません。サービスを利用するには、OWNERが支払い方法を登録する必要があります。',
    zh: '组织 OWNER 尚未登记支付方式。OWNER 需登记支付方式后才能使用服务。',
  }),
  OWNER_BILLING_KEY_NOT_STABLE: def(70024, 400, {
    ko: '조직 OWNER의 결제 수단을 사용할 수 없는 상태입니다. OWNER의 결제 수단을 확인해 주세요.',
    en: "The organization OWNER's payment method is not ready to use. Check the OWNER's payment method.",
    ja: '組織OWNERの支払い方法が利用できない状態です。OWNERの支払い方法を確認してください。',
    zh: '组织 OWNER 的支付方式当前不可用。请检查 OWNER 的支付方式。',
  }),
  // An account block, not a form error: 403 like the other access refusals.
  BLOCKED_FOR_UNPAID: def(70032, 403, {
    ko: '미납 요금으로 인해 이용이 제한되었습니다. 미납 요금을 납부하면 다시 이용할 수 있습니다.',
    en: 'Your account is blocked because of unpaid charges. Pay the outstanding fees to continue.',
    ja: '未払い料金があるため、利用が制限されています。未払い料金をお支払いいただくと、再度ご利用いただけます。',
    zh: '由于存在未付费用，您的使用已受限。缴清欠费后即可继续使用。',
  }),

  // ---- billing ----
  BILLING_PERMISSION_DENIED: def(80401, 403, {
    ko: '결제 정보에 대한 권한이 없습니다.',
    en: 'You do not have billing permission.',
    ja: '請求情報に対する権限がありません。',
    zh: '您没有账单相关权限。',
  }),
  // §8 reads 5001 twice: "login needed" in the web's handling and billing "contract not found
  // (redirect)". Both are the same answer seen from each side (the web redirects to sign-in), so
  // there is one entry, with 401 so the status leads to sign-in too.
  BILLING_CONTRACT_NOT_FOUND: def(5001, 401, {
    ko: '계약 정보를 찾을 수 없습니다. 다시 로그인해 주세요.',
    en: 'Your contract could not be found. Sign in again.',
    ja: '契約情報が見つかりません。再度ログインしてください。',
    zh: '找不到合同信息。请重新登录。',
  }),
  // §8 also sends "a 200 with 5002" to the IP error page; that reading only applies to HTTP 200,
  // and this entry travels with 400, so the web will not confuse the two.
  BILLING_CONTRACT_IN_USE: def(5002, 400, {
    ko: '사용 중인 계약은 삭제할 수 없습니다.',
    en: 'A contract in use cannot be deleted.',
    ja: '使用中の契約は削除できません。',
    zh: '无法删除正在使用的合同。',
  }),
  BILLING_COUNTRY_IP_NOT_ALLOWED: def(5006, 403, {
    ko: '접속한 국가의 IP 주소에서는 접근할 수 없습니다.',
    en: 'Access from an IP address in your country is not allowed.',
    ja: '接続元の国のIPアドレスからのアクセスは許可されていません。',
    zh: '不允许从您所在国家/地区的 IP 地址访问。',
  }),
  PAYMENT_CARD_REQUIRED: def(30013, 400, {
    ko: '서비스를 이용하려면 결제 카드를 등록해 주세요.',
    en: 'Register a payment card to use this service.',
    ja: 'サービスを利用するには、支払いカードを登録してください。',
    zh: '请登记支付卡后使用此服务。',
  }),
  CONTACT_BUSINESS_ACCOUNT_MANAGER: def(30014, 400, {
    ko: '사업자 계정 담당자에게 문의해 주세요.',
    en: 'Contact the person in charge of your business account.',
    ja: '事業者アカウントの担当者にお問い合わせください。',
    zh: '请联系企业账号负责人。',
  }),
  // Receipts and statements: why one cannot be issued.
  SALES_STATEMENT_NOT_AVAILABLE: def(12004, 400, {
    ko: '이 결제 수단으로는 매출 전표를 발급할 수 없습니다.',
    en: 'A sales statement cannot be issued for this payment method.',
    ja: 'この支払い方法では売上伝票を発行できません。',
    zh: '此支付方式无法开具销售凭证。',
  }),
  RECEIPT_ZERO_AMOUNT: def(12008, 400, {
    ko: '결제 금액이 0원이므로 영수증을 발급할 수 없습니다.',
    en: 'A receipt cannot be issued because the amount is 0 won.',
    ja: '支払い金額が0ウォンのため、領収書を発行できません。',
    zh: '付款金额为 0 韩元，无法开具收据。',
  }),
  RECEIPT_PAID_WITH_CREDITS: def(12009, 400, {
    ko: '크레딧으로 결제되어 영수증을 발급할 수 없습니다.',
    en: 'A receipt cannot be issued because the charges were paid with credits.',
    ja: 'クレジットで支払われたため、領収書を発行できません。',
    zh: '费用已使用代金券支付，无法开具收据。',
  }),
  TAX_INVOICE_LAST_DAY_ONLY: def(12010, 400, {
    ko: '세금계산서는 결제월의 마지막 날에만 발행할 수 있습니다.',
    en: 'A tax invoice can be issued only on the last day of the payment month.',
    ja: '税金計算書は支払月の最終日にのみ発行できます。',
    zh: '税务发票仅可在付款月份的最后一天开具。',
  }),
  BELOW_MINIMUM_PURCHASE: def(12011, 400, {
    ko: '최소 구매 금액보다 적어 처리할 수 없습니다.',
    en: 'The amount is below the minimum purchase amount.',
    ja: '最低購入金額を下回っています。',
    zh: '金额低于最低购买金额。',
  }),
  // The billing default has no number in the spec; the string code names it for the web.
  CANNOT_IMPORT_RECEIPT: def('CANNOT_IMPORT_RECEIPT', 400, {
    ko: '영수증을 가져올 수 없습니다.',
    en: 'Cannot import receipt.',
    ja: '領収書を取得できません。',
    zh: '无法获取收据。',
  }),

  // ---- marketplace ----
  MARKETPLACE_ORDER_NOT_APPLICABLE: def(11218, 400, {
    ko: '마켓플레이스 주문을 신청할 수 없습니다.',
    en: 'The marketplace order cannot be applied for.',
    ja: 'マーケットプレイスの注文を申し込めません。',
    zh: '无法申请该云市场订单。',
  }),
  // Listed next to 11218 in §8 and answered by the same calls (order apply and cancel).
  CUSTOMER_CENTER_ONLY: def(11220, 400, {
    ko: '고객 센터를 통해서만 처리할 수 있습니다.',
    en: 'This can be done only through the customer service center.',
    ja: 'カスタマーセンターでのみ手続きできます。',
    zh: '仅可通过客户服务中心办理。',
  }),
  // The spec elides these names ("FAIL_TO_CANCEL_..._PRODUCT_APPLICATION"); spelled out in full.
  FAIL_TO_APPLY_PROJECT_MANAGED_MARKETPLACE: def('FAIL_TO_APPLY_PROJECT_MANAGED_MARKETPLACE', 400, {
    ko: '마켓플레이스 상품을 신청하지 못했습니다.',
    en: 'Failed to apply for the marketplace product.',
    ja: 'マーケットプレイス商品の申し込みに失敗しました。',
    zh: '申请云市场商品失败。',
  }),
  FAIL_TO_CANCEL_PROJECT_MANAGED_MARKETPLACE_PRODUCT_APPLICATION: def(
    'FAIL_TO_CANCEL_PROJECT_MANAGED_MARKETPLACE_PRODUCT_APPLICATION',
    400,
    {
      ko: '마켓플레이스 상품 신청을 취소하지 못했습니다.',
      en: 'Failed to cancel the marketplace product application.',
      ja: 'マーケットプレイス商品の申し込みをキャンセルできませんでした。',
      zh: '取消云市场商品申请失败。',
    },
  ),
  FAIL_TO_UPDATE_PROJECT_MANAGED_MARKETPLACE_ORDER: def('FAIL_TO_UPDATE_PROJECT_MANAGED_MARKETPLACE_ORDER', 400, {
    ko: '마켓플레이스 주문을 변경하지 못했습니다.',
    en: 'Failed to update the marketplace order.',
    ja: 'マーケットプレイスの注文を更新できませんでした。',
    zh: '更新云市场订单失败。',
  }),
  INVALID_PROJECT_MANAGED_MARKETPLACE_APPLICATION_DATA: def(
    'INVALID_PROJECT_MANAGED_MARKETPLACE_APPLICATION_DATA',
    400,
    {
      ko: '마켓플레이스 신청 정보가 올바르지 않습니다. 입력한 내용을 확인해 주세요.',
      en: 'The marketplace application data is invalid. Check what you entered.',
      ja: 'マーケットプレイスの申し込み情報が正しくありません。入力内容を確認してください。',
      zh: '云市场申请信息无效。请检查输入的内容。',
    },
  ),

  // ---- batch registration (import of members and projects) ----
  // 1501-1503 are read as answers of the import calls: registering, a running async job, and the
  // member cap of one batch (§5).
  REGISTER_FAILED: def(1501, 400, {
    ko: '등록하지 못했습니다. 잠시 후 다시 시도해 주세요.',
    en: 'Registration failed. Try again later.',
    ja: '登録に失敗しました。しばらくしてから再度お試しください。',
    zh: '登记失败。请稍后重试。',
  }),
  ASYNC_JOB_IN_PROGRESS: def(1502, 400, {
    ko: '이미 진행 중인 일괄 작업이 있습니다. 작업이 끝난 후 다시 시도해 주세요.',
    en: 'A batch job is already in progress. Try again when it finishes.',
    ja: '既に実行中の一括処理があります。処理が完了してから再度お試しください。',
    zh: '已有正在进行的批量任务。请在任务完成后重试。',
  }),
  MEMBER_LIMIT_EXCEEDED: def(1503, 400, {
    ko: '멤버 수가 한도를 초과했습니다.',
    en: 'The number of members exceeds the limit.',
    ja: 'メンバー数が上限を超えています。',
    zh: '成员数量超出上限。',
  }),
  // Refusals of an import file or request (codes of our own, 21101-21108; docs/decisions.md).
  IMPORT_FILE_NAME_INVALID: def(21101, 400, {
    ko: '파일 이름은 xls 또는 xlsx로 끝나야 합니다.',
    en: 'File names must end in xls or xlsx.',
    ja: 'ファイル名はxlsまたはxlsxで終わる必要があります。',
    zh: '文件名必须以 xls 或 xlsx 结尾。',
  }),
  IMPORT_FILE_UNREADABLE: def(21102, 400, {
    ko: '엑셀 파일을 읽을 수 없습니다. 템플릿으로 작성한 xlsx 파일을 업로드해 주세요.',
    en: 'The spreadsheet cannot be read. Upload an xlsx file made from the template.',
    ja: 'Excelファイルを読み込めません。テンプレートで作成したxlsxファイルをアップロードしてください。',
    zh: '无法读取电子表格。请上传使用模板制作的 xlsx 文件。',
  }),
  IMPORT_FILE_TOO_LARGE: def(21103, 400, {
    ko: '파일이 너무 크거나 압축 해제 크기가 한도를 넘습니다.',
    en: 'The file is too large, or it unpacks to more than the limit.',
    ja: 'ファイルが大きすぎるか、展開後のサイズが上限を超えています。',
    zh: '文件过大，或解压后的大小超出上限。',
  }),
  IMPORT_TOO_MANY_ROWS: def(21104, 400, {
    ko: '한 번에 최대 {max}행까지 등록할 수 있습니다.',
    en: 'A file may hold at most {max} rows.',
    ja: '一度に登録できるのは最大{max}行です。',
    zh: '一个文件最多可包含 {max} 行。',
  }),
  IMPORT_TEMPLATE_MISMATCH: def(21105, 400, {
    ko: '템플릿이 일치하지 않습니다. 템플릿을 다시 내려받아 작성해 주세요.',
    en: 'The template does not match. Download the template again and fill it in.',
    ja: 'テンプレートが一致しません。テンプレートを再度ダウンロードして作成してください。',
    zh: '模板不匹配。请重新下载模板并填写。',
  }),
  IMPORT_ALL_DATA_INVALID: def(21106, 400, {
    ko: '모든 데이터에 오류가 있습니다.',
    en: 'All data is erroneous.',
    ja: 'すべてのデータにエラーがあります。',
    zh: '所有数据均有错误。',
  }),
  MEMBER_BATCH_REGISTRATION_FAILED: def(21107, 400, {
    ko: '멤버 일괄 등록에 실패했습니다.',
    en: 'Fail to member batch registration',
    ja: 'メンバーの一括登録に失敗しました。',
    zh: '成员批量登记失败。',
  }),
  IMPORT_JOB_NOT_FOUND: def(21108, 404, {
    ko: '일괄 등록 작업을 찾을 수 없습니다.',
    en: 'The batch registration job was not found.',
    ja: '一括登録ジョブが見つかりません。',
    zh: '找不到批量登记任务。',
  }),
  // Per-row results of a batch: the code is the key, except SUCCESS, whose key would clash with
  // the numeric SUCCESS above. The NOT_EXIST_* rows cover both an empty cell and an unknown value,
  // the two cases §8 lists ("missing name, owner, member type, role or ID").
  ALREADY_REGISTERED_DATA: def('ALREADY_REGISTERED_DATA', 400, {
    ko: '이미 등록된 데이터입니다.',
    en: 'This data is already registered.',
    ja: '既に登録されているデータです。',
    zh: '该数据已登记。',
  }),
  DUPLICATED_DATA: def('DUPLICATED_DATA', 400, {
    ko: '중복된 데이터입니다.',
    en: 'The data is duplicated.',
    ja: '重複したデータです。',
    zh: '数据重复。',
  }),
  FAIL_TO_CREATE_PROJECT: def('FAIL_TO_CREATE_PROJECT', 400, {
    ko: '프로젝트를 생성하지 못했습니다.',
    en: 'Failed to create the project.',
    ja: 'プロジェクトを作成できませんでした。',
    zh: '创建项目失败。',
  }),
  INVALID_DATA_FORMAT: def('INVALID_DATA_FORMAT', 400, {
    ko: '데이터 형식이 올바르지 않습니다.',
    en: 'The data format is invalid.',
    ja: 'データ形式が正しくありません。',
    zh: '数据格式无效。',
  }),
  NOT_EXIST_IAM_MEMBER: def('NOT_EXIST_IAM_MEMBER', 400, {
    ko: '조직에 존재하지 않는 IAM 멤버입니다.',
    en: 'The IAM member does not exist in this organization.',
    ja: '組織に存在しないIAMメンバーです。',
    zh: '该 IAM 成员不在此组织中。',
  }),
  NOT_EXIST_ID: def('NOT_EXIST_ID', 400, {
    ko: 'ID가 입력되지 않았거나 존재하지 않습니다.',
    en: 'The ID is missing or does not exist.',
    ja: 'IDが未入力か、存在しません。',
    zh: 'ID 未填写或不存在。',
  }),
  NOT_EXIST_OWNER_ID: def('NOT_EXIST_OWNER_ID', 400, {
    ko: '소유자 ID가 입력되지 않았거나 존재하지 않습니다.',
    en: 'The owner ID is missing or does not exist.',
    ja: 'オーナーIDが未入力か、存在しません。',
    zh: '所有者 ID 未填写或不存在。',
  }),
  // §8 names these two for project members only; organization member rows use them too, so
  // their texts say "member" (the cell message names the organization or project role).
  NOT_EXIST_PROJECT_MEMBER_ROLE: def('NOT_EXIST_PROJECT_MEMBER_ROLE', 400, {
    ko: '멤버 역할이 입력되지 않았거나 존재하지 않습니다.',
    en: 'The member role is missing or does not exist.',
    ja: 'メンバーのロールが未入力か、存在しません。',
    zh: '成员角色未填写或不存在。',
  }),
  NOT_EXIST_PROJECT_MEMBER_TYPE: def('NOT_EXIST_PROJECT_MEMBER_TYPE', 400, {
    ko: '멤버 유형이 입력되지 않았거나 존재하지 않습니다.',
    en: 'The member type is missing or does not exist.',
    ja: 'メンバーのタイプが未入力か、存在しません。',
    zh: '成员类型未填写或不存在。',
  }),
  NOT_EXIST_PROJECT_NAME: def('NOT_EXIST_PROJECT_NAME', 400, {
    ko: '프로젝트 이름이 입력되지 않았거나 존재하지 않습니다.',
    en: 'The project name is missing or does not exist.',
    ja: 'プロジェクト名が未入力か、存在しません。',
    zh: '项目名称未填写或不存在。',
  }),
  UNAUTHORIZED_USER_CREATE_PROJECTS: def('UNAUTHORIZED_USER_CREATE_PROJECTS', 400, {
    ko: '프로젝트를 생성할 권한이 없는 사용자입니다.',
    en: 'This user is not allowed to create projects.',
    ja: 'プロジェクトを作成する権限がないユーザーです。',
    zh: '该用户无权创建项目。',
  }),
  BATCH_SUCCESS: def('SUCCESS', 200, {
    ko: '등록되었습니다.',
    en: 'Registered.',
    ja: '登録されました。',
    zh: '登记成功。',
  }),

  // ---- per-service codes (mostly why a service cannot be disabled yet) ----
  RESOURCE_WATCHER_PERMISSION_DENIED: def(2000, 403, {
    ko: '리소스를 조회할 권한이 없습니다.',
    en: 'You do not have permission to view these resources.',
    ja: 'リソースを照会する権限がありません。',
    zh: '您没有查看这些资源的权限。',
  }),
  // Four services answer "resources remain" each with its own number; §8 does not say which
  // service owns which, hence the code suffixes.
  RESOURCES_REMAIN_805: def(805, 400, {
    ko: '남아 있는 리소스가 있어 서비스를 비활성화할 수 없습니다. 먼저 리소스를 삭제해 주세요.',
    en: 'The service cannot be disabled while resources remain. Delete the resources first.',
    ja: 'リソースが残っているため、サービスを無効にできません。先にリソースを削除してください。',
    zh: '仍有剩余资源，无法停用服务。请先删除资源。',
  }),
  RESOURCES_REMAIN_5014: def(5014, 400, {
    ko: '남아 있는 리소스가 있어 서비스를 비활성화할 수 없습니다. 먼저 리소스를 삭제해 주세요.',
    en: 'The service cannot be disabled while resources remain. Delete the resources first.',
    ja: 'リソースが残っているため、サービスを無効にできません。先にリソースを削除してください。',
    zh: '仍有剩余资源，无法停用服务。请先删除资源。',
  }),
  RESOURCES_REMAIN_5016: def(5016, 400, {
    ko: '남아 있는 리소스가 있어 서비스를 비활성화할 수 없습니다. 먼저 리소스를 삭제해 주세요.',
    en: 'The service cannot be disabled while resources remain. Delete the resources first.',
    ja: 'リソースが残っているため、サービスを無効にできません。先にリソースを削除してください。',
    zh: '仍有剩余资源，无法停用服务。请先删除资源。',
  }),
  RESOURCES_REMAIN_400: def(400, 400, {
    ko: '남아 있는 리소스가 있어 서비스를 비활성화할 수 없습니다. 먼저 리소스를 삭제해 주세요.',
    en: 'The service cannot be disabled while resources remain. Delete the resources first.',
    ja: 'リソースが残っているため、サービスを無効にできません。先にリソースを削除してください。',
    zh: '仍有剩余资源，无法停用服务。请先删除资源。',
  }),
  DIRECT_CONNECT_OR_NAS_IN_USE: def(18010, 400, {
    ko: 'Direct Connect 또는 NAS를 사용 중이어서 서비스를 비활성화할 수 없습니다.',
    en: 'The service cannot be disabled while Direct Connect or NAS is in use.',
    ja: 'Direct ConnectまたはNASを使用中のため、サービスを無効にできません。',
    zh: 'Direct Connect 或 NAS 正在使用中，无法停用服务。',
  }),
  // Temporary, but the user only has to wait: 400 keeps the text in place, where a 503 would
  // send the web to the server error page.
  ENVIRONMENT_INITIALIZING: def(19208, 400, {
    ko: '환경을 초기화하는 중입니다. 3분 후에 다시 시도해 주세요.',
    en: 'The environment is being initialized. Try again in 3 minutes.',
    ja: '環境を初期化しています。3分後に再度お試しください。',
    zh: '环境正在初始化。请在 3 分钟后重试。',
  }),
  FLOWS_RUNNING: def(19213, 400, {
    ko: '실행 중인 플로가 있어 서비스를 비활성화할 수 없습니다.',
    en: 'The service cannot be disabled while flows are running.',
    ja: '実行中のフローがあるため、サービスを無効にできません。',
    zh: '有正在运行的流程，无法停用服务。',
  }),
  VALIDATION_ENABLED: def(19221, 400, {
    ko: '검증이 활성화되어 있어 서비스를 비활성화할 수 없습니다.',
    en: 'The service cannot be disabled while validation is enabled.',
    ja: '検証が有効になっているため、サービスを無効にできません。',
    zh: '验证已启用，无法停用服务。',
  }),
  REJECTION_SERVICE_ACTIVE: def(-4003, 400, {
    ko: '수신 거부 서비스를 먼저 해지해 주세요.',
    en: 'Cancel the rejection service first.',
    ja: '先に受信拒否サービスを解約してください。',
    zh: '请先取消拒收服务。',
  }),
  SENDERS_REGISTERED: def(-4023, 400, {
    ko: '등록된 발신자를 먼저 삭제해 주세요.',
    en: 'Delete all senders first.',
    ja: '先に登録済みの送信者をすべて削除してください。',
    zh: '请先删除所有发件人。',
  }),
  // §8 gives -2000 and -2001 one meaning; the suffix keeps them apart from code 2000 above.
  BUSINESS_MEMBERSHIP_REQUIRED_MINUS_2000: def(-2000, 400, {
    ko: '사업자 회원만 이용할 수 있는 서비스입니다.',
    en: 'This service is available only to business members.',
    ja: '事業者会員のみが利用できるサービスです。',
    zh: '此服务仅限企业会员使用。',
  }),
  BUSINESS_MEMBERSHIP_REQUIRED_MINUS_2001: def(-2001, 400, {
    ko: '사업자 회원만 이용할 수 있는 서비스입니다.',
    en: 'This service is available only to business members.',
    ja: '事業者会員のみが利用できるサービスです。',
    zh: '此服务仅限企业会员使用。',
  }),
  VACCINE_AGENT_RUNNING: def(-1002, 400, {
    ko: '백신 에이전트가 실행 중이어서 서비스를 비활성화할 수 없습니다.',
    en: 'The service cannot be disabled while the vaccine agent is running.',
    ja: 'ウイルス対策エージェントが実行中のため、サービスを無効にできません。',
    zh: '杀毒代理正在运行，无法停用服务。',
  }),
  // ---- governance and network rules (modules/governance; codes the spec does not number) ----
  GOVERNANCE_LOCKOUT_CONFIRMATION_REQUIRED: def(23101, 400, {
    ko: '이 설정을 저장하면 현재 접속한 주소에서 더 이상 접근할 수 없습니다. 확인하려면 조직 이름을 입력해 주세요.',
    en: 'Saving this rule locks you out from the address you are using now. Type the organization name to confirm.',
    ja: 'この設定を保存すると、現在接続しているアドレスからアクセスできなくなります。確認するには組織名を入力してください。',
    zh: '保存此规则后，您将无法从当前地址访问。请输入组织名称以确认。',
  }),
  BREAK_GLASS_CODE_INVALID: def(23102, 400, {
    ko: '코드가 올바르지 않거나 만료되었습니다. 새 코드를 요청해 주세요.',
    en: 'The code is wrong or has expired. Ask for a new code.',
    ja: 'コードが正しくないか、有効期限が切れています。新しいコードをリクエストしてください。',
    zh: '代码错误或已过期。请重新获取代码。',
  }),
  // ---- API credentials (issue 10; numbers ours, see docs/decisions.md) ----
  ACCESS_KEY_LIMIT_EXCEEDED: def(23601, 400, {
    ko: '사용자 액세스 키는 최대 5개까지 만들 수 있습니다.',
    en: 'You can create up to 5 user access keys.',
    ja: 'ユーザーアクセスキーは最大5個まで作成できます。',
    zh: '最多可以创建 5 个用户访问密钥。',
  }),
  ACCESS_KEY_NOT_FOUND: def(23602, 404, {
    ko: '사용자 액세스 키를 찾을 수 없습니다.',
    en: 'The user access key was not found.',
    ja: 'ユーザーアクセスキーが見つかりません。',
    zh: '找不到该用户访问密钥。',
  }),
  ACCESS_KEY_INVALID: def(23603, 400, {
    ko: '사용자 액세스 키 ID 또는 비밀 액세스 키가 올바르지 않거나 비활성화된 키입니다.',
    en: 'The user access key ID or secret access key is incorrect, or the key is deactivated.',
    ja: 'ユーザーアクセスキーIDまたはシークレットアクセスキーが正しくないか、無効化されたキーです。',
    zh: '用户访问密钥 ID 或秘密访问密钥不正确，或该密钥已停用。',
  }),
  ACCESS_TOKEN_INVALID: def(23604, 401, {
    ko: '토큰이 유효하지 않습니다. 만료되었거나 폐기되었거나 키가 비활성화되었습니다.',
    en: 'The token is not valid: it expired, was revoked, or its key was deactivated.',
    ja: 'トークンが無効です。期限切れ、取り消し済み、またはキーが無効化されています。',
    zh: '令牌无效：已过期、已撤销或其密钥已停用。',
  }),
  ACCESS_TOKEN_NOT_FOUND: def(23605, 404, {
    ko: '토큰을 찾을 수 없습니다.',
    en: 'The token was not found.',
    ja: 'トークンが見つかりません。',
    zh: '找不到该令牌。',
  }),
  CONSOLE_SESSION_REQUIRED: def(23606, 403, {
    ko: '액세스 키와 토큰은 콘솔에 로그인한 상태에서만 관리할 수 있습니다.',
    en: 'Access keys and tokens can be managed only from a console session, not with a token.',
    ja: 'アクセスキーとトークンはコンソールにログインした状態でのみ管理できます。',
    zh: '只能在控制台登录状态下管理访问密钥和令牌，不能使用令牌。',
  }),
  ACCESS_KEY_ACTIVE: def(23607, 400, {
    ko: '활성 상태인 키는 삭제할 수 없습니다. 먼저 비활성화해 주세요.',
    en: 'An active key cannot be deleted. Deactivate it first.',
    ja: '有効なキーは削除できません。先に無効化してください。',
    zh: '无法删除处于启用状态的密钥。请先停用。',
  }),
  PROJECT_CREDENTIAL_NOT_FOUND: def(23608, 404, {
    ko: '인증 정보를 찾을 수 없습니다.',
    en: 'The credential was not found.',
    ja: '認証情報が見つかりません。',
    zh: '找不到该凭证。',
  }),
  // ---- sign-in security of IAM accounts (modules/sign-in-security; the spec numbers none of these) ----
  LOGIN_FAIL_LIMIT_RANGE: def(20010, 400, {
    ko: '로그인 실패 횟수 범위가 올바르지 않습니다. 최대: 20, 최소: 1',
    en: 'Invalid login fail limit range. max: 20,min: 1',
    ja: 'ログイン失敗回数の範囲が正しくありません。最大：20、最小：1',
    zh: '登录失败次数范围无效。最大：20，最小：1',
  }),
  IAM_PASSWORD_POLICY_SAVE_FAILED: def(20011, 400, {
    ko: 'IAM 비밀번호 정책을 저장하지 못했습니다.',
    en: 'Fail to save Iam Password Policy',
    ja: 'IAMパスワードポリシーを保存できませんでした。',
    zh: '保存 IAM 密码策略失败。',
  }),
  SIGN_IN_CHALLENGE_INVALID: def(20012, 400, {
    ko: '로그인 시간이 만료되었습니다. 다시 로그인해 주세요.',
    en: 'This sign-in has expired. Sign in again.',
    ja: 'ログインの有効期限が切れました。再度ログインしてください。',
    zh: '此次登录已过期。请重新登录。',
  }),
  MFA_CODE_INVALID: def(20013, 400, {
    ko: '인증 코드가 올바르지 않거나 만료되었습니다.',
    en: 'The verification code is incorrect or has expired.',
    ja: '認証コードが正しくないか、有効期限が切れています。',
    zh: '验证码不正确或已过期。',
  }),
  SESSION_SETTING_INVALID: def(20014, 400, {
    ko: '세션 설정을 확인해 주세요.',
    en: 'Check the session settings.',
    ja: 'セッション設定を確認してください。',
    zh: '请检查会话设置。',
  }),
  // ---- lockout-safe sign-in security (issue 10, codes of ours) ----
  SIGN_IN_LOCKOUT_CONFIRMATION_REQUIRED: def(23103, 400, {
    ko: '이 설정을 저장하면 지금 사용 중인 세션이 종료됩니다. 확인하려면 조직 이름을 입력해 주세요.',
    en: 'Saving this setting ends the session you are using now. Type the organization name to confirm.',
    ja: 'この設定を保存すると、現在使用中のセッションが終了します。確認するには組織名を入力してください。',
    zh: '保存此设置将结束您当前使用的会话。请输入组织名称以确认。',
  }),
} as const satisfies Record<string, ResultCodeDef>;

export type ResultCodeKey = keyof typeof RESULT_CODES;

// Built on first use, so importing this module has no side effect a bundler must keep.
let byCode: Map<number | string, ResultCodeKey> | undefined;

/** The key of a numeric or string result code, when the catalogue has it (the first listed wins). */
export function resultCodeKeyOf(code: number | string): ResultCodeKey | undefined {
  if (!byCode) {
    byCode = new Map();
    for (const [key, value] of Object.entries(RESULT_CODES) as [ResultCodeKey, ResultCodeDef][]) {
      if (!byCode.has(value.code)) byCode.set(value.code, key);
    }
  }
  return byCode.get(code);
}

/** The message of a code in a language, with `{name}` placeholders filled. */
export function formatResultMessage(
  key: ResultCodeKey,
  lang: Lang,
  params: Readonly<Record<string, string | number>> = {},
): string {
  const template = (RESULT_CODES[key] as ResultCodeDef).messages[lang];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
