import type { DeepStrings } from '../types.ts';
import type { devOutboxEn } from './en.ts';

export const devOutboxJa: DeepStrings<typeof devOutboxEn> = {
  devOutbox: {
    title: 'メール送信箱（開発用）',
    description: 'この環境ではメールを送信せず、すべてここに保管します。リンクを開くと受信者として操作できます。',
    mine: '自分宛てのメール',
    ofOrg: '{{name}}のメール',
    smsMine: '自分宛てのSMS',
    smsOfOrg: '{{name}}のSMS',
    scope: '表示',
    refresh: '更新',
    empty: 'メールはありません。',
    to: '宛先',
    date: '日時',
  },
};
