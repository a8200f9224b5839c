import type { DeepStrings } from '../types.ts';
import type { devOutboxEn } from './en.ts';

export const devOutboxZh: DeepStrings<typeof devOutboxEn> = {
  devOutbox: {
    title: '邮件发件箱（开发用）',
    description: '此安装不发送邮件：所有邮件都保存在这里。点击链接即可以收件人身份操作。',
    mine: '发给我的邮件',
    ofOrg: '{{name}} 的邮件',
    smsMine: '发给我的短信',
    smsOfOrg: '{{name}} 的短信',
    scope: '显示',
    refresh: '刷新',
    empty: '没有邮件。',
    to: '收件人',
    date: '日期',
  },
};
