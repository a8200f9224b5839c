import type { DeepStrings } from '../types.ts';
import type { invitationEn } from './en.ts';

export const invitationZh: DeepStrings<typeof invitationEn> = {
  invitation: {
    title: '邀请',
    invalidLink: '链接不完整。请重新打开邀请邮件中的链接。',
    heading: '加入 {{org}}',
    lead: '{{inviter}} 邀请您加入组织 {{org}}。',
    organization: '组织',
    inviter: '邀请人',
    invitedEmail: '受邀电子邮件',
    closed: {
      COMPLETE: '此邀请已被接受。',
      EXPIRE: '此邀请已过期。请让组织重新发送。',
      UNKNOWN: '此邀请已无法接受。',
      WAIT: '此邀请正在等待回复。',
    },
    acceptSignedIn: '使用当前账户加入 {{org}}。',
    accept: '加入组织',
    joined: '您已加入 {{org}}。',
    otherAccount: '您当前以 {{signedIn}} 登录，但邀请是发给 {{invited}} 的。请退出登录后使用受邀账户接受。',
    signOut: '退出登录并继续',
    signInFirst: '{{email}} 的账户已存在。请使用该账户登录以接受邀请。',
    signInAndAccept: '登录并接受',
    signUpTitle: '创建账户',
    signUpDescription: '您的账户将使用 {{email}}。账户创建后即加入组织。',
    name: '姓名',
    password: '密码',
    passwordConfirm: '确认密码',
    passwordRules: '8 至 15 个字符，组合大写字母、小写字母、数字和特殊字符；不含空格，不得连续使用三个相同或连续的字符。',
    signUpSubmit: '创建账户并加入',
    signedUp: '已创建账户 {{email}} 并加入 {{org}}。请登录以继续。',
  },
};
