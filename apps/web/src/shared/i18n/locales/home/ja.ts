import type { DeepStrings } from '../types.ts';
import type { homeEn } from './en.ts';

export const homeJa: DeepStrings<typeof homeEn> = {
  home: {
    title: 'ホーム',
    welcome: 'ようこそ、{{name}}さん',
    description: 'あなたの組織とプロジェクトです。組織またはプロジェクトを選択して始めましょう。',
    organizations: '組織',
    noOrganizations: 'まだ所属している組織がありません。',
    emptyDescription:
      '組織には、プロジェクト、メンバー、リージョン、請求情報がまとまります。コンソールを利用するには、まず組織を作成してください。作成した組織のオーナーとなり、その組織でプロジェクトを作成できます。',
    projects: 'プロジェクト',
    noProjects: 'プロジェクトなし',
    notMemberOfAny: 'この組織のプロジェクトのメンバーではありません（組織のプロジェクト: {{count}}件）。組織またはプロジェクトの管理者に追加を依頼してください。',
    hiddenProjects: 'メンバーではないプロジェクト: {{count}}件',
    projectsLoadFailed: 'プロジェクト一覧を読み込めませんでした。',
    orgBlocked: "現在の接続元アドレスからはこの組織にアクセスできません。組織のIP ACLまたは国別アクセスルールで許可されていません。",
    ownerName: 'オーナー：{{name}}',
    projectUsage: '{{count}}/{{limit}}件',
    moreProjects: 'プロジェクト{{count}}件をすべて表示',
    createOrganization: '組織を作成',
    createProject: 'プロジェクトを作成',
    createProjectNeedsOrg: '先に組織を作成してください。プロジェクトは組織に属します。',
    myProjects: {
      title: 'マイプロジェクト',
      description: 'すべての組織で閲覧できるプロジェクトです。',
      empty: 'プロジェクトはまだありません。',
      emptyNotMember: 'まだどのプロジェクトのメンバーでもありません（所属組織のプロジェクト: {{count}}件）。組織またはプロジェクトの管理者に追加を依頼してください。',
    },
  },
};
