import type { DeepStrings } from '../types.ts';
import type { paletteEn } from './en.ts';

export const paletteJa: DeepStrings<typeof paletteEn> = {
  palette: {
    title: "移動",
    placeholder: "ページ、操作、プロジェクト、メンバー、ロールグループを検索…",
    label: "コンソールを検索",
    hint: "↑ ↓ で移動、Enter で開く、Esc で閉じる。どの言語の名前でも検索できます。",
    results: "検索結果",
    empty: "一致する項目はありません。",
    searching: "検索中…",
    needs: "{{permission}} の権限が必要です。{{roles}}",
    kinds: {
      action: "操作",
      page: "ページ",
      project: "プロジェクト",
      organization: "組織",
      roleGroup: "ロールグループ",
      member: "メンバー",
    },
    actions: {
      createProject: "プロジェクトを作成",
      inviteMember: "メンバーを招待",
      importMembers: "ファイルからメンバーをインポート",
      addOrgRoleGroup: "共通ロールグループを追加",
      addProjectMember: "プロジェクトメンバーを追加",
      addProjectRoleGroup: "プロジェクトロールグループを追加",
      createAppKey: "Appkeyを作成",
      createOrganization: "組織を作成",
    },
    pages: {
      orgDashboard: "組織ダッシュボード",
      activity: "アクティビティ",
      orgMembers: "組織メンバー",
      orgSetting: "組織管理",
      projectDashboard: "プロジェクトダッシュボード",
      projectMembers: "プロジェクトメンバー",
      projectRoleGroups: "プロジェクトロールグループ",
      services: "サービス",
      appKeys: "認証情報（Appkey）",
      projectSetting: "プロジェクト管理",
      home: "ホーム",
      myRoles: "マイロール",
      experiments: "試験機能",
    },
  },
};
