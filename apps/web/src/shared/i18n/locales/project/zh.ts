import type { DeepStrings } from '../types.ts';
import type { projectEn } from './en.ts';

export const projectZh: DeepStrings<typeof projectEn> = {
  project: {
    noPermission: {
      description: '项目不存在，或您不是该项目的成员。请联系项目或其所属组织的管理员为您分配角色并添加。',
      myRoles: '查看我的角色',
    },
    dashboard: {
      title: '项目仪表板',
      overview: '概览',
      name: '项目名称',
      id: '项目 ID',
      description: '描述',
      noDescription: '没有描述',
      status: '状态',
      organization: '组织',
      createdAt: '创建时间',
      modifiedAt: '最后修改时间',
      owner: '所有者',
      manage: '管理项目',
    },
    setting: {
      title: '项目管理',
      description: '管理 {{name}} 的名称、描述、所有权和删除。',
      readOnly: '您可以查看这些设置，但不能更改。{{reason}}',
      general: {
        title: '常规',
        name: '项目名称',
        nameConstraint: '最多 100 个字符：字母（拉丁字母、韩文、日文、汉字）、数字、空格和 . _ -',
        description: '描述',
        descriptionConstraint: '最多 500 个字符。',
        saved: '已保存项目“{{name}}”。',
        duplicateName: '该组织已有同名项目。您仍可使用此名称，但使用不同的名称更易于区分。',
        savedDuplicate: '已保存项目“{{name}}”。组织中还有同名项目。',
      },
      owner: {
        title: '所有权',
        description: '项目所有者拥有项目的全部权限。',
        current: '所有者',
        transfer: '转让所有权',
        transferTitle: '转让“{{name}}”的所有权',
        transferDescription: '请选择成为项目新所有者和管理员的云成员。IAM 账户不能拥有项目。',
      },
      delete: {
        title: '删除项目',
        description: '删除项目会同时删除其成员和设置。有正在使用的服务的项目无法删除。',
        button: '删除项目',
        servicesInUse: '该项目有正在使用的服务。请先停用这些服务。',
        confirmTitle: '要删除项目“{{name}}”吗？',
        confirmDescription: '将删除 {{orgName}} 的项目“{{name}}”及其成员和设置。',
        mismatch: '名称不匹配。请准确输入项目名称。',
        deleted: '已删除项目“{{name}}”。',
      },
    },
    status: {
      BLOCKED: '已封禁',
      CLOSED: '已关闭',
      DISABLED: '已停用',
      STABLE: '使用中',
      TERMINATED: '已终止',
    },
  },
  ownership: {
    newOwner: '新所有者',
    placeholder: '选择成员',
    noCandidates: '没有可以转让的其他成员。请先邀请成员。',
    submit: '转让所有权',
    confirmTitle: '确定转让所有权吗？',
    confirmContent: '“{{name}}”将转让给 {{owner}}。您无法自行撤销。',
    transferred: '“{{name}}”现在归 {{owner}} 所有。',
  },
};
