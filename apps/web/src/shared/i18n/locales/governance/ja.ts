import type { DeepStrings } from '../types.ts';
import type { governanceEn } from './en.ts';

export const governanceJa: DeepStrings<typeof governanceEn> = {
  // ---- governance and network rules (features/governance) ----
  governance: {
    description: '組織のネットワークルールとガバナンス設定です。組織とそのプロジェクトのすべての呼び出しに適用されます。',
    save: '保存',
    settingTypes: {
      UNUSE: '使用しない',
      USE: '使用する',
    },
    ipAcl: {
      title: 'IPアクセス制御(IP ACL)',
      description: 'リストのアドレスからのみ組織とプロジェクト(コンソールとAPI)にアクセスできます。それ以外はIPエラーページに移動します。',
      type: 'タイプ',
      typeHint: '共通: コンソールとすべてのサービスに1つのリスト。個別: サービスごとにリストを持てます。',
      types: {
        COMMON: '共通',
        INDIVIDUAL: '個別',
      },
      selection: 'IP ACL',
      selections: {
        NO_SETTING: '設定しない(すべてのアドレス)',
        SETTING: '設定する(リストのアドレスのみ)',
      },
      ips: '許可するIPアドレス',
      ipsHint: 'IPv4アドレス(マスク任意、例: 203.0.113.0/24)を1行に1つ、最大{{max}}個。',
      saved: 'IP ACLを保存しました。',
    },
    productIpAcl: {
      title: 'サービス別IP ACL',
      description: '個別タイプでは、サービスごとに許可IPを設定できます。コンソールの一覧に加えて、一覧にないアドレスからはそのサービスの呼び出しと画面が拒否されます。',
      product: 'サービス',
      choose: 'サービスを選択',
      saved: '{{product}}のIP ACLを保存しました。',
    },
    country: {
      title: '海外アクセスブロック',
      description: '許可した国からのみ組織とプロジェクトにアクセスできます。国はオフラインのデータベースでアドレスから判定し、プライベートアドレスはブロックしません。',
      setting: '海外アクセスブロック',
      allowed: '許可する国',
      allowedHint: 'ブロックを使用する場合は1つ以上の国が必要です。',
      placeholder: '国を選択',
      saved: '海外アクセスブロックを保存しました。',
    },
    settings: {
      title: 'ガバナンス設定',
      description: '各設定は組織全体で使用するか使用しないかを選びます。',
      saved: 'ガバナンス設定を保存しました。',
      privacyIps: '個人情報の閲覧を許可するIP',
      privacyIpsHint: 'IPv4アドレス(マスク任意)を1行に1つ入力します。',
      types: {
        APPROVE_PROCESS: {
          title: '承認プロセス',
          description: 'リソースの変更は承認後に実行されます。',
        },
        IAAS_RESOURCE_PROTECTION: {
          title: 'IaaSリソース保護とネットワーク分離',
          description: 'インフラリソースを削除から保護し、分離されたネットワークに置きます。',
        },
        UNIQUE_INSTANCE_NAME: {
          title: 'インスタンス名の重複禁止',
          description: 'インスタンス名は組織内で一意である必要があります。',
        },
        PRIVACY_PROTECTION: {
          title: '個人情報保護',
          description: 'リストのIPからのアクセスの場合のみ個人情報を表示します。',
        },
      },
      uniqueNamesConsole: 'このコンソールでは、使用時にプロジェクト名も組織内で重複できません。',
    },
    lockout: {
      title: 'このルールでブロックされるユーザーの確認',
      selfTitle: 'このルールを保存するとご自身がブロックされます',
      selfBody: '現在 {{place}} から接続しています。保存すると、ここからこの組織にアクセスできなくなります。外部からはオーナーのみがメールのコードでルールを解除できます。',
      selfSafe: '{{place}} からのアクセスは維持されます。',
      membersTitle: 'ブロックされるメンバー(直近30日のログイン{{checked}}件中{{count}}件)',
      membersNone: 'このルールが拒否するアドレスからログインしたメンバーはいません。',
      columns: {
        name: '名前',
        email: 'メール',
        place: 'アドレス(国)',
        lastSignIn: '最終ログイン',
      },
      unknownCountry: '不明な国',
      typeLabel: '確認のため「{{name}}」と入力してください',
      typeHint: '組織名を正確に入力します。',
      confirm: 'それでも保存',
    },
    breakGlass: {
      title: '緊急解除の記録',
      description: 'オーナーがネットワークルールを解除するコードをリクエストし、使用した記録です。',
      none: 'リクエストされたコードはありません。',
      columns: {
        requester: 'オーナー',
        requested: 'リクエスト(アドレス)',
        used: '使用(アドレス)',
        disabled: '解除したルール',
      },
      rules: {
        IP_ACL: 'IP ACL',
        COUNTRY: '海外アクセスブロック',
      },
      panelTitle: 'この組織のオーナーですか?',
      panelBody: 'オーナーはメールで受け取ったワンタイムコードでIP ACLと海外アクセスブロックを解除できます。この操作は記録されます。',
      ask: 'メールでコードを受け取る',
      sent: '{{email}} にコードを送信しました。{{until}}まで有効です。',
      codeLabel: 'メールのコード',
      use: 'ルールを解除',
      failed: 'リクエストに失敗しました。もう一度お試しください。',
    },
  },
};
