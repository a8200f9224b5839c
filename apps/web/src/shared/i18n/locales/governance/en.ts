/** The governance part's strings (issue 16: loaded with the routes that name it; English is the typed source). */
export const governanceEn = {
  // ---- governance and network rules (features/governance) ----
  governance: {
    description: "The organization's network rules and governance settings. They apply to every call in the organization and its projects.",
    save: 'Save',
    settingTypes: {
      UNUSE: 'Not used',
      USE: 'Used',
    },
    ipAcl: {
      title: 'IP access control (IP ACL)',
      description: 'Only the listed addresses reach the organization and its projects (the console and the API). Others get the IP error page.',
      type: 'Type',
      typeHint: 'Common: one list for the console and every service. Individual: each service may have its own list.',
      types: {
        COMMON: 'Common',
        INDIVIDUAL: 'Individual',
      },
      selection: 'IP ACL',
      selections: {
        NO_SETTING: 'Not set (any address)',
        SETTING: 'Set (listed addresses only)',
      },
      ips: 'Allowed IP addresses',
      ipsHint: 'IPv4 addresses with an optional mask (such as 203.0.113.0/24), one per line; at most {{max}}.',
      saved: 'The IP ACL is saved.',
    },
    productIpAcl: {
      title: 'Service IP ACLs',
      description: "Under the Individual type, each service may have its own allowed addresses: the service's calls and pages refuse other addresses, on top of the console's list.",
      product: 'Service',
      choose: 'Choose a service',
      saved: 'The IP ACL of {{product}} is saved.',
    },
    country: {
      title: 'Overseas access block',
      description: 'Only access from the allowed countries reaches the organization and its projects. The country is found from the address by an offline database; private addresses are not blocked.',
      setting: 'Overseas access block',
      allowed: 'Allowed countries',
      allowedHint: 'At least one country when the block is used.',
      placeholder: 'Choose countries',
      saved: 'The overseas access block is saved.',
    },
    settings: {
      title: 'Governance settings',
      description: 'Each setting is used or not used for the whole organization.',
      saved: 'The governance setting is saved.',
      privacyIps: 'IPs allowed to view personal data',
      privacyIpsHint: 'IPv4 addresses with an optional mask, one per line.',
      types: {
        APPROVE_PROCESS: {
          title: 'Approval process',
          description: 'Changes to resources need an approval before they run.',
        },
        IAAS_RESOURCE_PROTECTION: {
          title: 'IaaS resource protection and separated network',
          description: 'Infrastructure resources are protected from deletion and kept in a separated network.',
        },
        UNIQUE_INSTANCE_NAME: {
          title: 'Unique instance names',
          description: 'Instance names must be unique in the organization.',
        },
        PRIVACY_PROTECTION: {
          title: 'Privacy protection',
          description: 'Personal data is shown only to callers from the listed IPs.',
        },
      },
      uniqueNamesConsole: 'In this console, project names too must then be unique in the organization.',
    },
    lockout: {
      title: 'Check who this rule locks out',
      selfTitle: 'This rule locks you out',
      selfBody: 'You are using {{place}}. Once saved, you cannot reach this organization from here. Only the owner can lift the rule from outside, with a code sent by email.',
      selfSafe: 'You keep access from {{place}}.',
      membersTitle: 'Members locked out ({{count}} of {{checked}} sign-ins in the last 30 days)',
      membersNone: 'No member signed in from an address this rule refuses.',
      columns: {
        name: 'Name',
        email: 'Email',
        place: 'Address (country)',
        lastSignIn: 'Last sign-in',
      },
      unknownCountry: 'unknown country',
      typeLabel: 'Type “{{name}}” to confirm',
      typeHint: 'The organization name, exactly.',
      confirm: 'Save anyway',
    },
    breakGlass: {
      title: 'Break-glass record',
      description: 'Each time the owner asked for a code to lift the network rules, and when it was used.',
      none: 'No code has been asked for.',
      columns: {
        requester: 'Owner',
        requested: 'Asked (address)',
        used: 'Used (address)',
        disabled: 'Rules turned off',
      },
      rules: {
        IP_ACL: 'IP ACL',
        COUNTRY: 'Overseas access block',
      },
      panelTitle: 'Are you the owner of this organization?',
      panelBody: 'The owner can turn the IP ACL and the overseas access block off with a one-time code sent by email. This is recorded.',
      ask: 'Email me a code',
      sent: 'A code was sent to {{email}}. It is valid until {{until}}.',
      codeLabel: 'Code from the email',
      use: 'Turn the rules off',
      failed: 'The request failed. Try again.',
    },
  },
} as const;
