import type { DeepStrings } from '../types.ts';
import type { governanceEn } from './en.ts';

export const governanceZh: DeepStrings<typeof governanceEn> = {
  // ---- governance and network rules (features/governance) ----
  governance: {
    description: '组织的网络规则和治理设置，适用于组织及其项目中的每个调用。',
    save: '保存',
    settingTypes: {
      UNUSE: '不使用',
      USE: '使用',
    },
    ipAcl: {
      title: 'IP 访问控制（IP ACL）',
      description: '只有列表中的地址可以访问组织及其项目（控制台和 API），其他地址会进入 IP 错误页面。',
      type: '类型',
      typeHint: '通用：控制台和所有服务共用一个列表。单独：每个服务可以有自己的列表。',
      types: {
        COMMON: '通用',
        INDIVIDUAL: '单独',
      },
      selection: 'IP ACL',
      selections: {
        NO_SETTING: '不设置（任何地址）',
        SETTING: '设置（仅列表中的地址）',
      },
      ips: '允许的 IP 地址',
      ipsHint: 'IPv4 地址（可带掩码，如 203.0.113.0/24），每行一个，最多 {{max}} 个。',
      saved: 'IP ACL 已保存。',
    },
    productIpAcl: {
      title: '按服务的IP ACL',
      description: '在单独类型下，每个服务可以有自己的允许地址：除控制台列表外，不在列表中的地址访问该服务的调用和页面将被拒绝。',
      product: '服务',
      choose: '选择服务',
      saved: '{{product}} 的IP ACL已保存。',
    },
    country: {
      title: '海外访问阻止',
      description: '只有来自允许国家/地区的访问可以到达组织及其项目。国家/地区由离线数据库根据地址判断，私有地址不会被阻止。',
      setting: '海外访问阻止',
      allowed: '允许的国家/地区',
      allowedHint: '使用阻止时至少需要一个国家/地区。',
      placeholder: '选择国家/地区',
      saved: '海外访问阻止已保存。',
    },
    settings: {
      title: '治理设置',
      description: '每项设置对整个组织使用或不使用。',
      saved: '治理设置已保存。',
      privacyIps: '允许查看个人信息的 IP',
      privacyIpsHint: 'IPv4 地址（可带掩码），每行一个。',
      types: {
        APPROVE_PROCESS: {
          title: '审批流程',
          description: '资源变更需审批后才执行。',
        },
        IAAS_RESOURCE_PROTECTION: {
          title: 'IaaS 资源保护和网络隔离',
          description: '保护基础设施资源不被删除，并置于隔离网络中。',
        },
        UNIQUE_INSTANCE_NAME: {
          title: '实例名称唯一',
          description: '实例名称在组织内必须唯一。',
        },
        PRIVACY_PROTECTION: {
          title: '隐私保护',
          description: '仅对来自列表中 IP 的访问显示个人信息。',
        },
      },
      uniqueNamesConsole: '在本控制台中，启用后项目名称在组织内也不能重复。',
    },
    lockout: {
      title: '检查此规则会阻止谁',
      selfTitle: '此规则会阻止您本人',
      selfBody: '您当前使用 {{place}}。保存后您将无法从此处访问该组织。在外部只有所有者可以用邮件中的代码解除规则。',
      selfSafe: '您仍可从 {{place}} 访问。',
      membersTitle: '被阻止的成员（最近 30 天 {{checked}} 次登录中的 {{count}} 次）',
      membersNone: '没有成员从此规则拒绝的地址登录。',
      columns: {
        name: '姓名',
        email: '邮箱',
        place: '地址（国家/地区）',
        lastSignIn: '最近登录',
      },
      unknownCountry: '未知国家/地区',
      typeLabel: '输入“{{name}}”以确认',
      typeHint: '准确输入组织名称。',
      confirm: '仍然保存',
    },
    breakGlass: {
      title: '紧急解除记录',
      description: '所有者申请和使用解除网络规则代码的记录。',
      none: '尚未申请代码。',
      columns: {
        requester: '所有者',
        requested: '申请（地址）',
        used: '使用（地址）',
        disabled: '关闭的规则',
      },
      rules: {
        IP_ACL: 'IP ACL',
        COUNTRY: '海外访问阻止',
      },
      panelTitle: '您是此组织的所有者吗？',
      panelBody: '所有者可以使用邮件中的一次性代码关闭 IP ACL 和海外访问阻止。此操作会被记录。',
      ask: '通过邮件获取代码',
      sent: '代码已发送至 {{email}}，有效期至 {{until}}。',
      codeLabel: '邮件中的代码',
      use: '关闭规则',
      failed: '请求失败，请重试。',
    },
  },
};
