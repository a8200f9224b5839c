import type { DeepStrings } from '../types.ts';
import type { homeEn } from './en.ts';

export const homeZh: DeepStrings<typeof homeEn> = {
  home: {
    title: '首页',
    welcome: '欢迎，{{name}}',
    description: '您的组织及其项目。请选择一个组织或项目开始使用。',
    organizations: '组织',
    noOrganizations: '您还没有加入任何组织。',
    emptyDescription: '组织用于集中管理项目、成员、区域和账单。请先创建一个组织再开始使用控制台：您将成为该组织的所有者，并可以在其中创建项目。',
    projects: '项目',
    noProjects: '没有项目',
    notMemberOfAny: '您不是该组织任何项目的成员（组织中的项目：{{count}} 个）。请联系组织或项目的管理员将您添加进去。',
    hiddenProjects: '您不是成员的项目：{{count}} 个',
    projectsLoadFailed: '无法加载项目列表。',
    orgBlocked: "无法从当前地址访问此组织：组织的 IP ACL 或国家/地区规则不允许。",
    ownerName: '所有者：{{name}}',
    projectUsage: '{{count}}/{{limit}} 个项目',
    moreProjects: '查看全部 {{count}} 个项目',
    createOrganization: '创建组织',
    createProject: '创建项目',
    createProjectNeedsOrg: '请先创建组织：项目属于组织。',
    myProjects: {
      title: '我的项目',
      description: '您在所有组织中可以查看的项目。',
      empty: '您还没有项目。',
      emptyNotMember: '您还不是任何项目的成员（您所在组织中的项目：{{count}} 个）。请联系组织或项目的管理员将您添加进去。',
    },
  },
};
