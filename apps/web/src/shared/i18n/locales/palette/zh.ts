import type { DeepStrings } from '../types.ts';
import type { paletteEn } from './en.ts';

export const paletteZh: DeepStrings<typeof paletteEn> = {
  palette: {
    title: "转到",
    placeholder: "搜索页面、操作、项目、成员、角色组…",
    label: "搜索控制台",
    hint: "↑ ↓ 移动，Enter 前往，Esc 关闭。可用任何语言的名称查找。",
    results: "搜索结果",
    empty: "没有匹配的项目。",
    searching: "正在搜索…",
    needs: "需要 {{permission}} 权限。{{roles}}",
    kinds: {
      action: "操作",
      page: "页面",
      project: "项目",
      organization: "组织",
      roleGroup: "角色组",
      member: "成员",
    },
    actions: {
      createProject: "创建项目",
      inviteMember: "邀请成员",
      importMembers: "从文件导入成员",
      addOrgRoleGroup: "添加公共角色组",
      addProjectMember: "添加项目成员",
      addProjectRoleGroup: "添加项目角色组",
      createAppKey: "创建 Appkey",
      createOrganization: "创建组织",
    },
    pages: {
      orgDashboard: "组织仪表板",
      activity: "活动",
      orgMembers: "组织成员",
      orgSetting: "组织管理",
      projectDashboard: "项目仪表板",
      projectMembers: "项目成员",
      projectRoleGroups: "项目角色组",
      services: "服务",
      appKeys: "认证信息（Appkey）",
      projectSetting: "项目管理",
      home: "主页",
      myRoles: "我的角色",
      experiments: "实验功能",
    },
  },
};
