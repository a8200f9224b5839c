import type { Lang } from './locales.ts';

/**
 * Field messages, by key: one key per rule, so a message always names the rule that was broken
 * (and, through `{max}`-style parameters, its limit). Schemas carry the key of their own rules as
 * the issue message; zod's generic checks (too long, missing, wrong type, not a UUID…) are mapped
 * to a key by `issueMessage`. The server answers the key translated in `fieldErrors` (and in an
 * import's `cellErrors`), and a form translates the same key.
 */
export const VALIDATION_MESSAGES = {
  // ---- usage and metric ingestion (modules/metrics) ----
  'validation.ingest.timestampTooOld': {
    ko: '{days}일보다 오래된 시각은 받을 수 없습니다.',
    en: 'Timestamps more than {days} days old are not accepted.',
    ja: '{days}日より前の時刻は受け付けられません。',
    zh: '不接受早于 {days} 天的时间戳。',
  },
  'validation.ingest.timestampTooFarAhead': {
    ko: '현재보다 {minutes}분 넘게 앞선 시각은 받을 수 없습니다.',
    en: 'Timestamps more than {minutes} minutes ahead are not accepted.',
    ja: '現在より{minutes}分以上先の時刻は受け付けられません。',
    zh: '不接受比当前时间晚 {minutes} 分钟以上的时间戳。',
  },
  'validation.ingest.name': {
    ko: '영문자, 숫자와 . _ - : 만 사용할 수 있습니다.',
    en: 'Use only letters, digits and . _ - :',
    ja: '英字、数字と . _ - : のみ使用できます。',
    zh: '只能使用字母、数字和 . _ - :',
  },
  'validation.metrics.rangeOrder': {
    ko: '시작 시각은 종료 시각보다 앞서야 합니다.',
    en: 'The start must be before the end.',
    ja: '開始時刻は終了時刻より前にしてください。',
    zh: '开始时间必须早于结束时间。',
  },
  'validation.metrics.tooManyPoints': {
    ko: '간격이 너무 짧습니다. 계열당 {max}개 이하의 점이 되도록 간격을 늘려 주세요.',
    en: 'The step is too short: choose one that gives at most {max} points per series.',
    ja: '間隔が短すぎます。系列あたり{max}点以下になるよう間隔を長くしてください。',
    zh: '间隔太短：请选择使每个序列不超过 {max} 个点的间隔。',
  },
  'validation.metrics.rangeNeeded': {
    ko: '기간(preset) 또는 시작과 종료 시각을 입력해 주세요.',
    en: 'Give a preset, or both a start and an end.',
    ja: 'プリセット、または開始と終了の両方を指定してください。',
    zh: '请指定预设时段，或同时指定开始和结束时间。',
  },
  'validation.required': {
    ko: '필수 입력 항목입니다.',
    en: 'This field is required.',
    ja: '必須項目です。',
    zh: '此项为必填项。',
  },
  // ---- generic checks (issueMessage maps zod's issues to these) ----
  'validation.text.tooLong': {
    ko: '{max}자 이하로 입력해 주세요.',
    en: 'Enter at most {max} characters.',
    ja: '{max}文字以内で入力してください。',
    zh: '最多输入 {max} 个字符。',
  },
  'validation.text.tooShort': {
    ko: '{min}자 이상 입력해 주세요.',
    en: 'Enter at least {min} characters.',
    ja: '{min}文字以上入力してください。',
    zh: '请至少输入 {min} 个字符。',
  },
  'validation.number.tooSmall': {
    ko: '{min} 이상의 값을 입력해 주세요.',
    en: 'Enter {min} or more.',
    ja: '{min}以上の値を入力してください。',
    zh: '请输入不小于 {min} 的值。',
  },
  'validation.number.tooBig': {
    ko: '{max} 이하의 값을 입력해 주세요.',
    en: 'Enter {max} or less.',
    ja: '{max}以下の値を入力してください。',
    zh: '请输入不大于 {max} 的值。',
  },
  'validation.number.greaterThan': {
    ko: '{min}보다 큰 값을 입력해 주세요.',
    en: 'Enter a number greater than {min}.',
    ja: '{min}より大きい値を入力してください。',
    zh: '请输入大于 {min} 的值。',
  },
  'validation.number.lessThan': {
    ko: '{max}보다 작은 값을 입력해 주세요.',
    en: 'Enter a number less than {max}.',
    ja: '{max}より小さい値を入力してください。',
    zh: '请输入小于 {max} 的值。',
  },
  'validation.number.integer': {
    ko: '정수를 입력해 주세요.',
    en: 'Enter a whole number.',
    ja: '整数を入力してください。',
    zh: '请输入整数。',
  },
  'validation.list.tooShort': {
    ko: '{min}개 이상 지정해 주세요.',
    en: 'Give at least {min}.',
    ja: '{min}個以上指定してください。',
    zh: '请至少指定 {min} 个。',
  },
  'validation.list.tooLong': {
    ko: '{max}개까지 지정할 수 있습니다.',
    en: 'Give at most {max}.',
    ja: '{max}個まで指定できます。',
    zh: '最多可指定 {max} 个。',
  },
  'validation.type.text': {
    ko: '문자열을 입력해 주세요.',
    en: 'Enter text.',
    ja: '文字列を入力してください。',
    zh: '请输入文本。',
  },
  'validation.type.number': {
    ko: '숫자를 입력해 주세요.',
    en: 'Enter a number.',
    ja: '数値を入力してください。',
    zh: '请输入数字。',
  },
  'validation.type.boolean': {
    ko: 'true 또는 false를 지정해 주세요.',
    en: 'Give true or false.',
    ja: 'true または false を指定してください。',
    zh: '请指定 true 或 false。',
  },
  'validation.type.list': {
    ko: '목록을 지정해 주세요.',
    en: 'Give a list.',
    ja: 'リストを指定してください。',
    zh: '请指定列表。',
  },
  'validation.type.object': {
    ko: '객체를 지정해 주세요.',
    en: 'Give an object.',
    ja: 'オブジェクトを指定してください。',
    zh: '请指定对象。',
  },
  'validation.value.oneOf': {
    ko: '다음 중 하나를 지정해 주세요: {values}',
    en: 'Give one of: {values}',
    ja: '次のいずれかを指定してください: {values}',
    zh: '请指定以下之一：{values}',
  },
  'validation.field.unknown': {
    ko: '알 수 없는 항목입니다: {keys}',
    en: 'Unknown field: {keys}',
    ja: '不明な項目です: {keys}',
    zh: '未知字段：{keys}',
  },
  'validation.format.id': {
    ko: 'ID 형식이 올바르지 않습니다.',
    en: 'Invalid ID format.',
    ja: 'IDの形式が正しくありません。',
    zh: 'ID 格式无效。',
  },
  'validation.format.date': {
    ko: '날짜 형식이 올바르지 않습니다.',
    en: 'Invalid date format.',
    ja: '日付の形式が正しくありません。',
    zh: '日期格式无效。',
  },
  'validation.format.invalid': {
    ko: '형식이 올바르지 않습니다.',
    en: 'Invalid format.',
    ja: '形式が正しくありません。',
    zh: '格式无效。',
  },
  'validation.path.local': {
    ko: '콘솔 안의 경로(/로 시작)를 지정해 주세요.',
    en: 'Give a path inside the console, starting with /.',
    ja: 'コンソール内のパス（/で始まる）を指定してください。',
    zh: '请指定控制台内的路径（以 / 开头）。',
  },
  // ---- text (every text input: see controlCharacterIssues) ----
  'validation.text.control': {
    ko: '제어 문자는 사용할 수 없습니다.',
    en: 'Control characters are not allowed.',
    ja: '制御文字は使用できません。',
    zh: '不能使用控制字符。',
  },
  'validation.text.singleLine': {
    ko: '줄바꿈이나 탭 없이 한 줄로 입력해 주세요.',
    en: 'Enter one line, without line breaks or tabs.',
    ja: '改行やタブを使わず1行で入力してください。',
    zh: '请在一行内输入，不要使用换行或制表符。',
  },
  // ---- names and IDs (spec §5) ----
  'validation.name.pattern': {
    ko: '영문, 한글, 일본어, 한자, 숫자, 공백과 . _ - 만 사용할 수 있습니다.',
    en: 'Use only Latin, Korean, Japanese or Chinese letters, digits, spaces and . _ -',
    ja: '英字、ハングル、日本語、漢字、数字、空白と . _ - のみ使用できます。',
    zh: '只能使用拉丁字母、韩文、日文、汉字、数字、空格和 . _ -',
  },
  'validation.iamName.pattern': {
    ko: 'IAM 계정 이름에는 문자, 숫자와 . - _ 만 사용할 수 있습니다(공백 불가).',
    en: 'Use only letters, digits and . - _ in an IAM account name, without spaces.',
    ja: 'IAMアカウント名には文字、数字と . - _ のみ使用できます（空白不可）。',
    zh: 'IAM 账户名称只能使用字母、数字和 . - _（不能使用空格）。',
  },
  'validation.iamId.pattern': {
    ko: 'IAM ID에는 영문 소문자, 숫자와 - . _ 만 사용할 수 있으며, 특수 문자로 시작하거나 끝날 수 없습니다.',
    en: 'Use only lowercase letters, digits and - . _ in an IAM ID, not starting or ending with - . _',
    ja: 'IAM IDには英小文字、数字と - . _ のみ使用でき、記号で始めたり終えたりすることはできません。',
    zh: 'IAM ID 只能使用小写字母、数字和 - . _，且不能以特殊字符开头或结尾。',
  },
  'validation.confirmName.mismatch': {
    ko: '이름이 일치하지 않습니다. 조직 이름을 정확히 입력해 주세요.',
    en: "The name does not match. Enter the organization's name exactly.",
    ja: '名前が一致しません。組織名を正確に入力してください。',
    zh: '名称不匹配。请准确输入组织名称。',
  },
  'validation.regions.nonGlobalRequired': {
    ko: 'GLOBAL 외의 리전을 하나 이상 선택해 주세요.',
    en: 'Choose at least one region other than GLOBAL.',
    ja: 'GLOBAL以外のリージョンを1つ以上選択してください。',
    zh: '请至少选择一个 GLOBAL 以外的区域。',
  },
  'validation.owner.alreadyOwner': {
    ko: '이미 소유자인 멤버입니다.',
    en: 'This member is already the owner.',
    ja: '既にオーナーであるメンバーです。',
    zh: '该成员已是所有者。',
  },
  // ---- members (spec §5: the English texts of the email rules are the spec's own) ----
  'validation.email.required': {
    ko: '이메일을 입력해 주세요.',
    en: 'Enter an email.',
    ja: 'メールアドレスを入力してください。',
    zh: '请输入电子邮件地址。',
  },
  'validation.email.format': {
    ko: '이메일 형식이 올바르지 않습니다.',
    en: 'Invalid email format.',
    ja: 'メールアドレスの形式が正しくありません。',
    zh: '电子邮件地址格式无效。',
  },
  'validation.email.alreadyOrgMember': {
    ko: '이미 조직 멤버로 추가된 사용자입니다.',
    en: 'Already added user as an organization member',
    ja: '既に組織メンバーとして追加されているユーザーです。',
    zh: '该用户已被添加为组织成员。',
  },
  'validation.member.alreadyAdded': {
    ko: '이미 추가된 사용자입니다.',
    en: 'Already added user',
    ja: '既に追加されているユーザーです。',
    zh: '该用户已被添加。',
  },
  'validation.email.alreadyInvited': {
    ko: '이미 초대 메일을 보낸 사용자입니다. 초대 목록에서 다시 보내세요.',
    en: 'An invitation has already been sent to this user. Resend it from the invitation list.',
    ja: '既に招待メールを送信したユーザーです。招待一覧から再送信してください。',
    zh: '已向该用户发送过邀请。请在邀请列表中重新发送。',
  },
  'validation.import.memberType': {
    ko: '멤버 유형은 클라우드 계정(TOAST_CLOUD) 또는 IAM 계정(IAM)으로 입력해 주세요.',
    en: 'Enter the member type as Cloud account (TOAST_CLOUD) or IAM account (IAM).',
    ja: 'メンバータイプはクラウドアカウント（TOAST_CLOUD）またはIAMアカウント（IAM）で入力してください。',
    zh: '请将成员类型填写为云账户（TOAST_CLOUD）或 IAM 账户（IAM）。',
  },
  'validation.import.iamNoOrgRoles': {
    ko: 'IAM 계정에는 조직 역할을 지정할 수 없습니다. 역할 칸을 비워 두고 프로젝트에서 역할을 지정해 주세요.',
    en: 'IAM accounts take no organization roles. Leave the roles empty and give project roles in each project.',
    ja: 'IAMアカウントには組織のロールを割り当てられません。ロール欄を空にして、プロジェクトでロールを割り当ててください。',
    zh: 'IAM 账户不能分配组织角色。请将角色留空，并在各项目中分配项目角色。',
  },
  'validation.import.notOrgMember': {
    ko: '조직 멤버가 아닙니다.',
    en: 'Not a member of the organization.',
    ja: '組織のメンバーではありません。',
    zh: '不是该组织的成员。',
  },
  'validation.import.notIamMember': {
    ko: '조직에 없는 IAM 계정입니다.',
    en: 'No IAM account of the organization has this ID.',
    ja: '組織に存在しないIAMアカウントです。',
    zh: '该组织中没有此 ID 的 IAM 账户。',
  },
  'validation.import.ownerCannotCreateProjects': {
    ko: '프로젝트를 생성할 수 없는 멤버입니다.',
    en: 'This member may not create projects.',
    ja: 'プロジェクトを作成できないメンバーです。',
    zh: '该成员不能创建项目。',
  },
  'validation.import.projectQuota': {
    ko: '조직의 프로젝트 수가 한도에 도달했습니다.',
    en: 'The organization has reached its project limit.',
    ja: '組織のプロジェクト数が上限に達しています。',
    zh: '该组织的项目数量已达上限。',
  },
  'validation.roles.required': {
    ko: '역할을 하나 이상 선택해 주세요.',
    en: 'Choose at least one role.',
    ja: 'ロールを1つ以上選択してください。',
    zh: '请至少选择一个角色。',
  },
  'validation.roles.unknown': {
    ko: '존재하지 않는 역할입니다.',
    en: 'The role does not exist.',
    ja: '存在しないロールです。',
    zh: '角色不存在。',
  },
  'validation.orgRoles.unknown': {
    ko: '조직 역할이 아닙니다: {roles}',
    en: 'Not an organization role: {roles}',
    ja: '組織のロールではありません: {roles}',
    zh: '不是组织角色：{roles}',
  },
  'validation.projectRoles.unknown': {
    ko: '프로젝트 역할이 아닙니다: {roles}',
    en: 'Not a project role: {roles}',
    ja: 'プロジェクトのロールではありません: {roles}',
    zh: '不是项目角色：{roles}',
  },
  'validation.roles.duplicate': {
    ko: '같은 역할을 중복해서 지정할 수 없습니다. 관리자 역할에는 같은 영역의 조회자 역할이 포함되어 있습니다.',
    en: 'A role cannot be assigned twice; an admin role already includes the viewer role of its area.',
    ja: '同じロールを重複して割り当てることはできません。管理者ロールには同じ領域の閲覧者ロールが含まれています。',
    zh: '不能重复分配同一角色。管理员角色已包含同一领域的查看者角色。',
  },
  'validation.roles.noneAlone': {
    ko: '“역할 없음”은 다른 역할과 함께 지정할 수 없습니다.',
    en: '"No role" cannot be combined with other roles.',
    ja: '「ロールなし」は他のロールと組み合わせることはできません。',
    zh: '“无角色”不能与其他角色组合。',
  },
  'validation.orgRoles.ownerNotAssignable': {
    ko: '소유자 역할은 지정할 수 없습니다. 조직 소유권을 이전해 주세요.',
    en: 'The Owner role cannot be assigned. Hand over the organization instead.',
    ja: 'オーナーロールは割り当てられません。組織の所有権を移譲してください。',
    zh: '不能分配所有者角色。请转让组织所有权。',
  },
  'validation.projectRoles.ownerNotAssignable': {
    ko: '소유자 역할은 지정할 수 없습니다. 프로젝트 소유권을 이전해 주세요.',
    en: 'The Owner role cannot be assigned. Hand over the project instead.',
    ja: 'オーナーロールは割り当てられません。プロジェクトの所有権を移譲してください。',
    zh: '不能分配所有者角色。请转让项目所有权。',
  },
  'validation.projectRoles.adminAlone': {
    ko: '관리자 역할은 다른 프로젝트 역할과 함께 지정할 수 없습니다.',
    en: 'The Admin role cannot be combined with other project roles.',
    ja: '管理者ロールは他のプロジェクトロールと組み合わせることはできません。',
    zh: '管理员角色不能与其他项目角色组合。',
  },
  // ---- role groups (spec §5; the English name text is the spec's) ----
  'validation.roleGroup.nameRequired': {
    ko: '필수 입력 항목입니다. 그룹 이름을 입력해 주세요.',
    en: 'Required input. Enter a group name.',
    ja: '必須入力項目です。グループ名を入力してください。',
    zh: '必填项。请输入组名称。',
  },
  'validation.roleGroup.rolesRequired': {
    ko: '역할을 하나 이상 선택해 주세요.',
    en: 'Choose at least one role.',
    ja: 'ロールを1つ以上選択してください。',
    zh: '请至少选择一个角色。',
  },
  'validation.roleGroup.roleNotAllowed': {
    ko: '역할 그룹에 추가할 수 없는 역할입니다.',
    en: 'This role cannot be added to a role group.',
    ja: 'ロールグループに追加できないロールです。',
    zh: '该角色不能添加到角色组。',
  },
  'validation.roleGroup.conditionsDisabled': {
    ko: '이 역할에는 조건을 지정할 수 없습니다.',
    en: 'This role takes no conditions.',
    ja: 'このロールには条件を指定できません。',
    zh: '该角色不能设置条件。',
  },
  'validation.roleGroup.unknown': {
    ko: '이 프로젝트에서 사용할 수 없는 역할 그룹입니다.',
    en: 'The role group does not exist in this project.',
    ja: 'このプロジェクトでは使用できないロールグループです。',
    zh: '该角色组在此项目中不存在。',
  },
  'validation.roleGroup.denyDisabled': {
    ko: '이 역할은 거부로 설정할 수 없습니다.',
    en: 'This role cannot be set to deny.',
    ja: 'このロールは拒否に設定できません。',
    zh: '该角色不能设置为拒绝。',
  },
  'validation.password.length': {
    ko: '비밀번호는 8~15자로 입력해 주세요.',
    en: 'Use 8 to 15 characters.',
    ja: 'パスワードは8～15文字で入力してください。',
    zh: '密码长度应为 8 到 15 个字符。',
  },
  'validation.password.characters': {
    ko: '영문자, 숫자, 특수 문자만 사용할 수 있습니다(공백 불가).',
    en: 'Use only letters, digits and special characters, without spaces.',
    ja: '英字、数字、記号のみ使用できます（空白は使用できません）。',
    zh: '只能使用字母、数字和特殊字符（不能使用空格）。',
  },
  'validation.password.combination': {
    ko: '영문 대문자, 소문자, 숫자, 특수 문자를 모두 조합해 주세요.',
    en: 'Combine upper-case and lower-case letters, digits and special characters.',
    ja: '英大文字、英小文字、数字、記号をすべて組み合わせてください。',
    zh: '请组合使用大写字母、小写字母、数字和特殊字符。',
  },
  'validation.password.sequence': {
    ko: '같은 문자나 연속된 문자를 3자 이상 사용할 수 없습니다(예: aaa, abc, 321).',
    en: 'Do not use three identical or consecutive characters in a row (such as aaa, abc or 321).',
    ja: '同じ文字や連続した文字を3文字以上続けて使用できません（例: aaa、abc、321）。',
    zh: '不能连续使用 3 个或以上相同或连续的字符（如 aaa、abc、321）。',
  },
  'validation.password.confirm': {
    ko: '비밀번호가 일치하지 않습니다.',
    en: 'The passwords do not match.',
    ja: 'パスワードが一致しません。',
    zh: '两次输入的密码不一致。',
  },
  'validation.password.reused': {
    ko: '현재 비밀번호와 다른 비밀번호를 입력해 주세요.',
    en: 'Use a password different from the current one.',
    ja: '現在のパスワードとは異なるパスワードを入力してください。',
    zh: '请使用与当前密码不同的密码。',
  },
  'validation.phone.format': {
    ko: '국가에 맞는 휴대폰 번호 형식이 아닙니다.',
    en: 'Invalid phone number format for the country.',
    ja: '国に合った携帯電話番号の形式ではありません。',
    zh: '手机号码格式与国家/地区不符。',
  },
  'validation.iam.ssoNeedsProvider': {
    ko: 'SSO 계정을 만들려면 먼저 ID 공급자를 등록해 주세요.',
    en: 'Register an identity provider before creating SSO accounts.',
    ja: 'SSOアカウントを作成するには、先にIDプロバイダーを登録してください。',
    zh: '创建 SSO 账号前，请先注册身份提供商。',
  },
  'validation.iam.ssoNoPassword': {
    ko: 'SSO 계정은 ID 공급자로 로그인하므로 비밀번호를 설정할 수 없습니다.',
    en: 'SSO accounts sign in through their identity provider and have no password.',
    ja: 'SSOアカウントはIDプロバイダーでログインするため、パスワードは設定できません。',
    zh: 'SSO 账号通过身份提供商登录，不能设置密码。',
  },
  'validation.fieldFilter.unknown': {
    ko: '알 수 없는 필드 이름이 있습니다.',
    en: 'The filter names an unknown field.',
    ja: '不明なフィールド名が含まれています。',
    zh: '筛选条件中包含未知字段。',
  },
  // ---- requests as a whole (headers, body, URL): answered by the platform, not a form ----
  'validation.request.url': {
    ko: '요청 주소에 잘못된 문자가 있습니다. % 인코딩을 확인해 주세요.',
    en: 'The request address holds an invalid character. Check its percent-encoding.',
    ja: 'リクエストのアドレスに無効な文字が含まれています。パーセントエンコーディングを確認してください。',
    zh: '请求地址包含无效字符。请检查其百分号编码。',
  },
  'validation.request.json': {
    ko: '요청 본문이 올바른 JSON이 아닙니다.',
    en: 'The request body is not valid JSON.',
    ja: 'リクエスト本文が正しいJSONではありません。',
    zh: '请求正文不是有效的 JSON。',
  },
  'validation.request.contentType': {
    ko: '이 요청에서는 받을 수 없는 본문 형식(Content-Type)입니다.',
    en: 'This request does not accept a body of this content type.',
    ja: 'このリクエストでは受け付けない本文の形式（Content-Type）です。',
    zh: '此请求不接受该内容类型（Content-Type）的正文。',
  },
  'validation.request.length': {
    ko: '요청 본문의 크기가 Content-Length와 맞지 않습니다.',
    en: 'The request body does not match its Content-Length.',
    ja: 'リクエスト本文のサイズがContent-Lengthと一致しません。',
    zh: '请求正文的大小与 Content-Length 不符。',
  },
  'validation.request.malformed': {
    ko: '요청을 읽을 수 없습니다. 요청 형식을 확인해 주세요.',
    en: 'The request could not be read. Check how it is formed.',
    ja: 'リクエストを読み取れませんでした。リクエストの形式を確認してください。',
    zh: '无法读取请求。请检查请求的格式。',
  },
  'validation.localPath': {
    ko: '콘솔 안의 경로(/로 시작하고 제어 문자, 공백, 역슬래시가 없는 경로)만 사용할 수 있습니다.',
    en: 'Use a path inside the console: starting with /, without control characters, spaces or backslashes.',
    ja: 'コンソール内のパス（/で始まり、制御文字、空白、バックスラッシュを含まないパス）のみ使用できます。',
    zh: '只能使用控制台内的路径（以 / 开头，且不含控制字符、空格或反斜杠）。',
  },
  'validation.header.conflict': {
    ko: '헤더를 두 이름(예: project-id와 x-project-id)으로 서로 다른 값으로 보냈습니다. 하나만 보내 주세요.',
    en: 'The header was sent under both of its names (such as project-id and x-project-id) with different values. Send only one.',
    ja: 'ヘッダーが2つの名前（例：project-idとx-project-id）で異なる値で送信されました。どちらか一方のみ送信してください。',
    zh: '该请求头以两个名称（如 project-id 和 x-project-id）发送了不同的值。请只发送其中一个。',
  },
  'validation.ip.cidr': {
    ko: 'IPv4 주소 또는 CIDR(예: 203.0.113.0/24)을 입력해 주세요.',
    en: 'Enter an IPv4 address or CIDR block (such as 203.0.113.0/24).',
    ja: 'IPv4アドレスまたはCIDR（例：203.0.113.0/24）を入力してください。',
    zh: '请输入 IPv4 地址或 CIDR（如 203.0.113.0/24）。',
  },
  // ---- governance and network rules (modules/governance) ----
  'validation.ip.format': {
    ko: 'IP 형식이 올바르지 않습니다.',
    en: 'The IP format is incorrect.',
    ja: 'IPの形式が正しくありません。',
    zh: 'IP 格式不正确。',
  },
  'validation.ip.redundant': {
    ko: '중복된 IP 주소입니다.',
    en: 'IP address is redundant.',
    ja: 'IPアドレスが重複しています。',
    zh: 'IP 地址重复。',
  },
  'validation.ip.tooMany': {
    ko: 'IP 주소는 최대 100개까지 입력할 수 있습니다.',
    en: 'You can enter up to 100 IP addresses.',
    ja: 'IPアドレスは最大100個まで入力できます。',
    zh: '最多可输入 100 个 IP 地址。',
  },
  'validation.ip.atLeastOne': {
    ko: '허용할 IP 주소를 하나 이상 입력해 주세요.',
    en: 'Enter at least one allowed IP address.',
    ja: '許可するIPアドレスを1つ以上入力してください。',
    zh: '请至少输入一个允许的 IP 地址。',
  },
  'validation.ipAcl.productNeedsIndividual': {
    ko: '서비스별 IP ACL은 개별 설정 유형에서만 지정할 수 있습니다.',
    en: 'A per-service IP ACL can only be set with the individual type.',
    ja: 'サービスごとのIP ACLは個別設定タイプでのみ指定できます。',
    zh: '只有在单独设置类型下才能指定各服务的 IP ACL。',
  },
  'validation.country.unknown': {
    ko: '알 수 없는 국가 코드입니다.',
    en: 'Unknown country code.',
    ja: '不明な国コードです。',
    zh: '未知的国家/地区代码。',
  },
  'validation.country.atLeastOne': {
    ko: '허용할 국가를 하나 이상 선택해 주세요.',
    en: 'Select at least one allowed country.',
    ja: '許可する国を1つ以上選択してください。',
    zh: '请至少选择一个允许的国家/地区。',
  },
  'validation.breakGlass.code': {
    ko: '메일로 받은 8자리 숫자 코드를 입력해 주세요.',
    en: 'Enter the 8-digit code from the mail.',
    ja: 'メールで受け取った8桁の数字コードを入力してください。',
    zh: '请输入邮件中的 8 位数字代码。',
  },
  'validation.governance.uuidNotCaller': {
    ko: 'uuid는 요청한 사용자의 ID여야 합니다.',
    en: 'uuid must be your own member ID.',
    ja: 'uuidはリクエストしたユーザー自身のIDである必要があります。',
    zh: 'uuid 必须是您本人的成员 ID。',
  },
  'validation.loginFail.countRange': {
    ko: '로그인 실패 횟수는 1~20회 사이로 설정할 수 있습니다.',
    en: 'Number of failed logins can be set between 1 and 20.',
    ja: 'ログイン失敗回数は1～20回の間で設定できます。',
    zh: '登录失败次数可设置在 1 到 20 之间。',
  },
  'validation.loginFail.countRequired': {
    ko: '로그인 실패 횟수는 필수 입력 항목입니다.',
    en: 'Number of Failed Logins is required.',
    ja: 'ログイン失敗回数は必須入力項目です。',
    zh: '登录失败次数为必填项。',
  },
  'validation.loginFail.blockRange': {
    ko: '로그인 잠금 시간은 1~60분 사이로 설정할 수 있습니다.',
    en: 'Time for login locks can be set between 1 and 60 minutes.',
    ja: 'ログインロック時間は1～60分の間で設定できます。',
    zh: '登录锁定时间可设置在 1 到 60 分钟之间。',
  },
  'validation.loginFail.blockRequired': {
    ko: '잠금 시간은 필수 입력 항목입니다.',
    en: 'Lock Time is required.',
    ja: 'ロック時間は必須入力項目です。',
    zh: '锁定时间为必填项。',
  },
  'validation.session.limitRange': {
    ko: '동시 세션 수는 1~2,000,000,000 사이로 설정할 수 있습니다.',
    en: 'Sessions at once can be set between 1 and 2,000,000,000.',
    ja: '同時セッション数は1～2,000,000,000の間で設定できます。',
    zh: '同时会话数可设置在 1 到 2,000,000,000 之间。',
  },
  'validation.session.timeoutRange': {
    ko: '세션 타임아웃은 10~35,791,394분 사이로 설정할 수 있습니다.',
    en: 'Session timeout can be set between 10 and 35,791,394 minutes.',
    ja: 'セッションタイムアウトは10～35,791,394分の間で設定できます。',
    zh: '会话超时可设置在 10 到 35,791,394 分钟之间。',
  },
  'validation.session.required': {
    ko: '필수 입력 항목입니다.',
    en: 'This value is required.',
    ja: '必須入力項目です。',
    zh: '此项为必填项。',
  },
  'validation.policy.minLengthRange': {
    ko: '최소 길이는 8~15자 사이로 설정할 수 있습니다.',
    en: 'Minimum length can be set between 8 and 15 characters.',
    ja: '最小長は8～15文字の間で設定できます。',
    zh: '最小长度可设置在 8 到 15 个字符之间。',
  },
  'validation.policy.expiryRange': {
    ko: '비밀번호 만료 기간은 1~90일 사이로 설정할 수 있습니다.',
    en: 'Password expiry can be set between 1 and 90 days.',
    ja: 'パスワードの有効期限は1～90日の間で設定できます。',
    zh: '密码有效期可设置在 1 到 90 天之间。',
  },
  'validation.policy.reuseRange': {
    ko: '재사용 제한은 1~3개 사이로 설정할 수 있습니다.',
    en: 'Reuse limit can be set between 1 and 3 passwords.',
    ja: '再利用制限は1～3個の間で設定できます。',
    zh: '重复使用限制可设置在 1 到 3 个之间。',
  },
  'validation.policy.length': {
    ko: '비밀번호는 {min}~15자로 입력해 주세요.',
    en: 'Use {min} to 15 characters.',
    ja: 'パスワードは{min}～15文字で入力してください。',
    zh: '密码长度应为 {min} 到 15 个字符。',
  },
  'validation.policy.alphabet': {
    ko: '영문 대문자와 소문자를 모두 포함해 주세요.',
    en: 'Include upper-case and lower-case letters.',
    ja: '英大文字と英小文字の両方を含めてください。',
    zh: '请同时包含大写字母和小写字母。',
  },
  'validation.policy.number': {
    ko: '숫자를 포함해 주세요.',
    en: 'Include a digit.',
    ja: '数字を含めてください。',
    zh: '请包含数字。',
  },
  'validation.policy.special': {
    ko: '특수 문자를 포함해 주세요.',
    en: 'Include a special character.',
    ja: '記号を含めてください。',
    zh: '请包含特殊字符。',
  },
  'validation.password.reusedRecent': {
    ko: '최근 사용한 비밀번호 {count}개와 다른 비밀번호를 입력해 주세요.',
    en: 'Use a password different from your last {count} passwords.',
    ja: '最近使用した{count}個のパスワードとは異なるパスワードを入力してください。',
    zh: '请使用与最近 {count} 个密码不同的密码。',
  },
  'validation.password.currentIncorrect': {
    ko: '현재 비밀번호가 올바르지 않습니다.',
    en: 'The current password is incorrect.',
    ja: '現在のパスワードが正しくありません。',
    zh: '当前密码不正确。',
  },
  'validation.mfa.code': {
    ko: '6자리 숫자를 입력해 주세요.',
    en: 'Enter the 6-digit code.',
    ja: '6桁の数字を入力してください。',
    zh: '请输入 6 位数字代码。',
  },
  'validation.mfa.ipFormat': {
    ko: 'IP 형식이 올바르지 않습니다.',
    en: 'The IP format is incorrect.',
    ja: 'IPの形式が正しくありません。',
    zh: 'IP 格式不正确。',
  },
  'validation.mfa.ipDuplicate': {
    ko: '중복된 IP 주소입니다.',
    en: 'IP address is redundant.',
    ja: 'IPアドレスが重複しています。',
    zh: 'IP 地址重复。',
  },
  'validation.mfa.ipRequired': {
    ko: '우회할 IP를 하나 이상 입력해 주세요.',
    en: 'Enter at least one IP to bypass.',
    ja: 'バイパスするIPを1つ以上入力してください。',
    zh: '请至少输入一个绕过的 IP。',
  },
  'validation.receiverGroup.nameRequired': {
    ko: '필수 입력 항목입니다. 그룹 이름을 입력해 주세요.',
    en: 'Required input. Enter a group name.',
    ja: '必須入力です。グループ名を入力してください。',
    zh: '必填项。请输入组名称。',
  },
  'validation.receiverGroup.nameDuplicate': {
    ko: '입력한 알림 수신 그룹 이름이 이미 존재합니다.',
    en: 'The notification receiver group name you entered already exists.',
    ja: '入力した通知受信グループ名は既に存在します。',
    zh: '您输入的通知接收组名称已存在。',
  },
  'validation.receiverGroup.unknown': {
    ko: '여기에서 사용할 수 없는 알림 수신 그룹입니다.',
    en: 'This notification receiver group cannot be used here.',
    ja: 'ここでは使用できない通知受信グループです。',
    zh: '此处无法使用该通知接收组。',
  },
  'validation.receiverGroup.recipientRequired': {
    ko: '수신자(멤버 또는 역할 그룹)나 웹훅을 1개 이상 추가해 주세요.',
    en: 'Add at least one receiver (member or role group) or webhook.',
    ja: '受信者（メンバーまたはロールグループ）かWebhookを1つ以上追加してください。',
    zh: '请至少添加一个接收人（成员或角色组）或 Webhook。',
  },
  'validation.receiverGroup.unknownMember': {
    ko: '이 조직의 멤버가 아닙니다.',
    en: 'Not a member of this organization.',
    ja: 'この組織のメンバーではありません。',
    zh: '不是此组织的成员。',
  },
  'validation.receiverGroup.unknownRoleGroup': {
    ko: '여기에서 사용할 수 없는 역할 그룹입니다.',
    en: 'This role group cannot be used here.',
    ja: 'ここでは使用できないロールグループです。',
    zh: '此处无法使用该角色组。',
  },
  'validation.webhook.nameRequired': {
    ko: '웹훅 이름을 입력해 주세요.',
    en: 'Enter a webhook name.',
    ja: 'Webhook名を入力してください。',
    zh: '请输入 Webhook 名称。',
  },
  'validation.webhook.nameDuplicate': {
    ko: '이미 사용 중인 웹훅 이름입니다.',
    en: 'This webhook name is already used in the group.',
    ja: '既に使用されているWebhook名です。',
    zh: '该 Webhook 名称已在组中使用。',
  },
  'validation.webhook.targetRequired': {
    ko: '대상 URL을 입력해 주세요.',
    en: 'Enter a target URL.',
    ja: '対象URLを入力してください。',
    zh: '请输入目标 URL。',
  },
  'validation.webhook.target': {
    ko: 'http:// 또는 https://로 시작하는 올바른 URL을 입력해 주세요.',
    en: 'Enter a valid URL starting with http:// or https://.',
    ja: 'http:// または https:// で始まる正しいURLを入力してください。',
    zh: '请输入以 http:// 或 https:// 开头的有效 URL。',
  },
  'validation.webhook.targetDuplicate': {
    ko: '이미 사용 중인 대상 URL입니다.',
    en: 'This target URL is already used in the group.',
    ja: '既に使用されている対象URLです。',
    zh: '该目标 URL 已在组中使用。',
  },
  'validation.webhook.secretLength': {
    ko: '시크릿은 8자 이상이어야 합니다.',
    en: 'The secret must be at least 8 characters.',
    ja: 'シークレットは8文字以上にしてください。',
    zh: '密钥至少需要 8 个字符。',
  },
  'validation.webhook.limitPerType': {
    ko: '유형별로 웹훅은 최대 {max}개까지 추가할 수 있습니다.',
    en: 'At most {max} webhooks of each type.',
    ja: 'タイプごとにWebhookは最大{max}個まで追加できます。',
    zh: '每种类型最多 {max} 个 Webhook。',
  },
  'validation.webhook.headerName': {
    ko: '올바른 헤더 이름을 입력해 주세요.',
    en: 'Enter a valid header name.',
    ja: '正しいヘッダー名を入力してください。',
    zh: '请输入有效的请求头名称。',
  },
  'validation.webhook.headerReserved': {
    ko: '콘솔이 설정하는 헤더는 바꿀 수 없습니다.',
    en: 'The console sets this header itself.',
    ja: 'このヘッダーはコンソールが設定します。',
    zh: '此请求头由控制台设置。',
  },
  'validation.webhook.bodyRequired': {
    ko: '사용자 정의 웹훅에는 본문 템플릿이 필요합니다.',
    en: 'A custom webhook needs a body template.',
    ja: 'カスタムWebhookには本文テンプレートが必要です。',
    zh: '自定义 Webhook 需要请求体模板。',
  },
  'validation.webhook.unknown': {
    ko: '이 그룹의 웹훅이 아닙니다.',
    en: 'Not a webhook of this group.',
    ja: 'このグループのWebhookではありません。',
    zh: '不是此组的 Webhook。',
  },
  'validation.alarmGroup.nameRequired': {
    ko: '알림 그룹 이름을 입력해 주세요.',
    en: 'Enter an alarm group name.',
    ja: 'アラームグループ名を入力してください。',
    zh: '请输入告警组名称。',
  },
  'validation.alarmGroup.targetRequired': {
    ko: '수신 대상을 한 명 이상 추가해 주세요.',
    en: 'Add at least one target.',
    ja: '受信対象を1つ以上追加してください。',
    zh: '请至少添加一个接收对象。',
  },
  'validation.alarm.nameRequired': {
    ko: '알람 이름을 입력해 주세요.',
    en: 'Enter an alarm name.',
    ja: 'アラーム名を入力してください。',
    zh: '请输入告警名称。',
  },
  'validation.alarm.methodRequired': {
    ko: '알림 방법을 하나 이상 선택해 주세요.',
    en: 'Choose at least one notification method.',
    ja: '通知方法を1つ以上選択してください。',
    zh: '请至少选择一种通知方式。',
  },
  'validation.silence.reasonRequired': {
    ko: '무음 사유를 입력해 주세요.',
    en: 'Enter a reason for the silence.',
    ja: 'ミュートの理由を入力してください。',
    zh: '请输入静默原因。',
  },
  'validation.silence.oneTarget': {
    ko: '알람 또는 수신 그룹 중 하나를 선택해 주세요.',
    en: 'Choose either an alarm or a receiver group.',
    ja: 'アラームまたは受信グループのいずれかを選択してください。',
    zh: '请选择告警或接收组之一。',
  },
  'validation.silence.endAfterStart': {
    ko: '종료 시각은 시작 시각 이후여야 합니다.',
    en: 'The end must be after the start.',
    ja: '終了時刻は開始時刻より後にしてください。',
    zh: '结束时间必须晚于开始时间。',
  },
  'validation.project.nameInUse': {
    ko: '조직의 다른 프로젝트가 이미 이 이름을 사용합니다. 조직 거버넌스에 따라 이름은 중복될 수 없습니다.',
    en: "Another project of this organization already has this name. The organization's governance requires unique names.",
    ja: '組織の別のプロジェクトがすでにこの名前を使っています。組織のガバナンスにより名前は重複できません。',
    zh: '本组织的另一个项目已使用此名称。根据组织的治理设置，名称不能重复。',
  },
} as const satisfies Record<string, Record<Lang, string>>;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

/** Values of a message's `{name}` placeholders (a limit, the roles at fault…). */
export type ValidationMessageParams = Readonly<Record<string, string | number>>;

/** A message as a rule answers it: the key, and the values of its placeholders. */
export interface ValidationMessageRef {
  readonly key: ValidationMessageKey;
  readonly params?: ValidationMessageParams;
}

export function isValidationMessageKey(value: unknown): value is ValidationMessageKey {
  return typeof value === 'string' && Object.hasOwn(VALIDATION_MESSAGES, value);
}

/** The message of `key` in `lang`, its `{name}` placeholders filled from `params`. */
export function validationMessage(key: ValidationMessageKey, lang: Lang, params: ValidationMessageParams = {}): string {
  return VALIDATION_MESSAGES[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
