import type { DeepStrings } from '../types.ts';
import type { invitationEn } from './en.ts';

export const invitationJa: DeepStrings<typeof invitationEn> = {
  invitation: {
    title: '招待',
    invalidLink: 'リンクが正しくありません。招待メールのリンクをもう一度開いてください。',
    heading: '{{org}}に参加',
    lead: '{{inviter}}さんが組織{{org}}に招待しています。',
    organization: '組織',
    inviter: '招待者',
    invitedEmail: '招待されたメールアドレス',
    closed: {
      COMPLETE: 'この招待はすでに承諾されています。',
      EXPIRE: 'この招待は期限切れです。組織に再送信を依頼してください。',
      UNKNOWN: 'この招待はもう承諾できません。',
      WAIT: 'この招待は回答を待っています。',
    },
    acceptSignedIn: '現在のアカウントで{{org}}に参加します。',
    accept: '組織に参加',
    joined: '{{org}}に参加しました。',
    otherAccount: '{{signedIn}}でサインインしていますが、招待は{{invited}}宛てです。サインアウトしてから、招待されたアカウントで承諾してください。',
    signOut: 'サインアウトして続行',
    signInFirst: '{{email}}のアカウントがあります。そのアカウントでサインインして招待を承諾してください。',
    signInAndAccept: 'サインインして承諾',
    signUpTitle: 'アカウントを作成',
    signUpDescription: 'アカウントには{{email}}を使用します。作成するとすぐに組織に参加します。',
    name: '名前',
    password: 'パスワード',
    passwordConfirm: 'パスワード（確認）',
    passwordRules: '英大文字・小文字・数字・特殊文字を組み合わせて8～15文字。空白なし、同じ文字や連続した文字を3つ以上続けないでください。',
    signUpSubmit: 'アカウントを作成して参加',
    signedUp: 'アカウント{{email}}を作成し、{{org}}に参加しました。サインインして続行してください。',
  },
};
