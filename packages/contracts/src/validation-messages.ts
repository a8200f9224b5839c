import type { Lang } from './locales.ts';

/**
 * Field messages of our own rules, by key. Schemas carry the key as their issue message; the
 * server answers it translated in `fieldErrors`, and a form translates the same key.
 * zod's own checks (too long, not a UUID…) are worded by zod's locales instead.
 */
export const VALIDATION_MESSAGES = {
  'validation.required': {
    ko: '필수 입력 항목입니다.',
    en: 'This field is required.',
    ja: '必須項目です。',
    zh: '此项为必填项。',
  },
  'validation.name.pattern': {
    ko: '영문, 한글, 일본어, 한자, 숫자, 공백과 . _ - 만 사용할 수 있습니다.',
    en: 'Use only Latin, Korean, Japanese or Chinese letters, digits, spaces and . _ -',
    ja: '英字、ハングル、日本語、漢字、数字、空白と . _ - のみ使用できます。',
    zh: '只能使用拉丁字母、韩文、日文、汉字、数字、空格和 . _ -',
  },
  'validation.text.control': {
    ko: '제어 문자는 사용할 수 없습니다.',
    en: 'Control characters are not allowed.',
    ja: '制御文字は使用できません。',
    zh: '不能使用控制字符。',
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
} as const satisfies Record<string, Record<Lang, string>>;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

export function isValidationMessageKey(value: string): value is ValidationMessageKey {
  return Object.hasOwn(VALIDATION_MESSAGES, value);
}

export const validationMessage = (key: ValidationMessageKey, lang: Lang): string => VALIDATION_MESSAGES[key][lang];
