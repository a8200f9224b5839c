import type { DeepStrings } from '../types.ts';
import type { projectEn } from './en.ts';

export const projectJa: DeepStrings<typeof projectEn> = {
  project: {
    noPermission: {
      description: 'プロジェクトが存在しないか、プロジェクトのメンバーではありません。プロジェクトまたは組織の管理者に、ロールを付けて追加するよう依頼してください。',
      myRoles: '自分のロールを見る',
    },
    dashboard: {
      title: 'プロジェクトダッシュボード',
      overview: '概要',
      name: 'プロジェクト名',
      id: 'プロジェクトID',
      description: '説明',
      noDescription: '説明なし',
      status: '状態',
      organization: '組織',
      createdAt: '作成日',
      modifiedAt: '最終更新日',
      owner: 'オーナー',
      manage: 'プロジェクトを管理',
    },
    setting: {
      title: 'プロジェクト管理',
      description: '{{name}}の名前、説明、所有権、削除を管理します。',
      readOnly: '設定を閲覧できますが、変更はできません。{{reason}}',
      general: {
        title: '一般',
        name: 'プロジェクト名',
        nameConstraint: '100文字以内。文字（英字、ハングル、日本語、漢字）、数字、空白と . _ - が使用できます。',
        description: '説明',
        descriptionConstraint: '500文字以内。',
        saved: 'プロジェクト「{{name}}」を保存しました。',
        duplicateName: 'この組織には同じ名前のプロジェクトがすでにあります。このまま使用できますが、別の名前にすると区別しやすくなります。',
        savedDuplicate: 'プロジェクト「{{name}}」を保存しました。組織に同じ名前のプロジェクトが他にもあります。',
      },
      owner: {
        title: '所有権',
        description: 'プロジェクトのオーナーは、プロジェクトのすべての権限を持ちます。',
        current: 'オーナー',
        transfer: '所有権を譲渡',
        transferTitle: '「{{name}}」の所有権を譲渡',
        transferDescription: 'プロジェクトの新しいオーナー兼管理者になるクラウドメンバーを選択してください。IAMアカウントはプロジェクトを所有できません。',
      },
      delete: {
        title: 'プロジェクトを削除',
        description: 'プロジェクトを削除すると、メンバーと設定も削除されます。利用中のサービスがあるプロジェクトは削除できません。',
        button: 'プロジェクトを削除',
        servicesInUse: '利用中のサービスがあります。先にサービスを無効にしてください。',
        confirmTitle: 'プロジェクト「{{name}}」を削除しますか？',
        confirmDescription: '{{orgName}}のプロジェクト「{{name}}」とそのメンバー、設定が削除されます。',
        mismatch: '名前が一致しません。プロジェクト名を正確に入力してください。',
        deleted: 'プロジェクト「{{name}}」を削除しました。',
      },
    },
    status: {
      BLOCKED: 'ブロック',
      CLOSED: '終了',
      DISABLED: '無効',
      STABLE: '利用中',
      TERMINATED: '解約済み',
    },
  },
  ownership: {
    newOwner: '新しいオーナー',
    placeholder: 'メンバーを選択',
    noCandidates: '譲渡できる他のメンバーがいません。先にメンバーを招待してください。',
    submit: '所有権を譲渡',
    confirmTitle: '所有権を譲渡しますか？',
    confirmContent: '「{{name}}」を{{owner}}に譲渡します。自分で元に戻すことはできません。',
    transferred: '「{{name}}」のオーナーが{{owner}}になりました。',
  },
};
