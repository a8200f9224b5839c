/**
 * English UI strings: the typed source every other language must match (keys
 * `feature.area.phrase`). Result-code texts are not here: they come from the server's bundle.
 */
export const en = {
  appearance: {
    theme: 'Theme',
    themes: { light: 'Light', dark: 'Dark', system: 'Same as the system' },
    density: 'Density',
    densities: { comfortable: 'Comfortable', compact: 'Compact' },
  },
  tablePreferences: {
    rows: '{{count}} rows',
    columns: 'Columns',
  },
  common: {
    pageLabel: 'Page {{pageNumber}} of all pages',
    productName: 'Cloud Console',
    documentTitle: '{{page}} | {{product}}',
    loading: 'Loading',
    retry: 'Retry',
    cancel: 'Cancel',
    ok: 'OK',
    confirm: 'Confirm',
    close: 'Close',
    none: '-',
    goHome: 'Go to home',
    save: 'Save changes',
    optional: 'optional',
    missingParameter: {
      title: 'Something is missing from the address',
      invalidTitle: 'The address is not valid',
      missing: 'This page needs {{thing}} (“{{parameter}}” in the address), and the address has none. Open the page from the list.',
      invalid: 'This page needs {{thing}} (“{{parameter}}” in the address), and the value in the address cannot be one. Open the page from the list.',
    },
  },
  language: {
    label: 'Language',
  },
  form: {
    errors: {
      required: 'Enter a value.',
      tooShort: 'Enter at least {{min}} characters.',
      tooLong: 'Enter no more than {{max}} characters.',
      invalidEmail: 'Enter a valid email address.',
      invalidFormat: 'Check the format of this value.',
      invalid: 'Check this value.',
    },
    unsaved: {
      title: 'Leave this page?',
      description: 'You have changes that are not saved. If you leave, they will be lost.',
      leave: 'Leave',
      stay: 'Stay on page',
      discardTitle: 'Discard changes?',
      discardDescription: 'You have entered information that is not saved. If you close the window, it will be lost.',
      discard: 'Discard',
      keepEditing: 'Keep editing',
    },
  },
  auth: {
    login: {
      title: 'Sign in',
      heading: 'Sign in to {{product}}',
      tabs: {
        member: 'Member',
        iam: 'IAM account',
      },
      member: {
        description: 'Sign in with the email address and password of your cloud account.',
        email: 'Email',
        emailPlaceholder: 'name@example.com',
        password: 'Password',
      },
      iam: {
        description: 'Sign in with the IAM account your organization created for you.',
        domain: 'Organization domain',
        domainDescription: 'The domain your organization administrator gave you.',
        userCode: 'ID',
        password: 'Password',
      },
      submit: 'Sign in',
      failed: 'Sign-in failed. Try again.',
      errors: {
        domainFormat: 'Use 3 to 40 letters, digits or hyphens, starting with a letter or digit.',
        userCodeFormat: 'Use lowercase letters, digits and . _ -, starting and ending with a letter or digit.',
      },
    },
    logout: {
      failed: 'Sign-out failed. Try again.',
    },
  },
  palette: {
    open: "Search the console ({{shortcut}})",
  },
  shell: {
    topNavigation: {
      orgSwitcher: {
        label: 'Organizations and projects',
        placeholder: 'Select organization',
        organizations: 'Organizations',
        projectsOf: 'Projects in {{orgName}}',
        createOrganization: 'Create organization',
      },
      region: {
        label: 'Region',
      },
      myMenu: {
        label: 'Account menu',
        devOutbox: 'Mail outbox (development)',
        myRoles: 'My roles',
        iamInformation: 'IAM account information',
        signOut: 'Sign out',
      },
    },
    sideNavigation: {
      home: 'Home',
      organization: 'Organization',
      project: 'Project',
      dashboard: 'Dashboard',
      members: 'Members',
      orgSetting: 'Organization management',
      projectMembers: 'Members',
      projectSetting: 'Project management',
      roles: 'My roles',
      experiments: 'Experiments',
      alarms: 'Notification management',
      alarmGroups: 'Alarm groups',
    },
    appLayout: {
      navigation: 'Side navigation',
      navigationClose: 'Close side navigation',
      navigationToggle: 'Open side navigation',
      notifications: 'Notifications',
    },
    breadcrumbs: {
      label: 'Breadcrumbs',
      expand: 'Show path',
    },
    chromeBanner: {
      message: 'This console works best in Google Chrome {{version}} or later.',
      action: 'Get Chrome',
      dismiss: 'Dismiss',
    },
    progress: 'Please wait',
    skipToContent: 'Skip to main content',
    toasts: {
      dismiss: 'Dismiss notification',
    },
    configError: {
      title: 'The console is not available',
      description: 'The console could not load its settings. Check your connection and try again.',
    },
  },
  roleGroups: {
    title: 'Role groups',
    denied: {
      failedTitle: 'Conditions that did not hold',
      failedItem: '{{group}} · {{role}}: {{reason}}',
      validFrom: 'Access is possible again from {{when}}.',
      deniedTitle: 'Taken away by a deny rule',
      deniedItem: 'The role group {{group}} denies {{role}} ({{permission}}).',
      relatedTitle: 'Who can grant each permission',
      rolesLine: 'Roles: {{roles}}',
      groupsLine: 'Role groups: {{groups}}',
      none: 'none',
      pageTitle: 'You cannot see this page',
      pageText: '{{reason}} Ask the organization owner or an administrator to give you such a role or a role group that includes it.',
      requestRoles: 'See your roles',
    },
    operators: {
      ALL_CONTAINS: 'contains all of',
      ANY_CONTAINS: 'is one of',
      NOT_CONTAINS: 'is none of',
      ANY_MATCH: 'matches one of',
      NONE_MATCH: 'matches none of',
      BETWEEN: 'between',
      BEYOND: 'outside',
      GREATER_THAN: 'after',
      GREATER_THAN_OR_EQUAL_TO: 'at or after',
      LESS_THAN: 'before',
      LESS_THAN_OR_EQUAL_TO: 'at or before',
      ALLOW: 'allowed in',
      NOT_ALLOW: 'blocked in',
      TRUE: 'is true',
      FALSE: 'is false',
    },
    days: {
      MON: 'Mon',
      TUE: 'Tue',
      WED: 'Wed',
      THU: 'Thu',
      FRI: 'Fri',
      SAT: 'Sat',
      SUN: 'Sun',
    },
    failed: {
      TIME_BETWEEN: 'outside {{from}}–{{to}} {{timeZone}}',
      TIME_BEYOND: 'inside the blocked hours {{from}}–{{to}} {{timeZone}}',
      DAY_NOT_ALLOWED: 'today is not an allowed day ({{days}}, {{timeZone}})',
      DAY_BLOCKED: 'today is a blocked day ({{days}}, {{timeZone}})',
      DATE_BETWEEN: 'outside the period {{from}} – {{to}}',
      DATE_BEYOND: 'inside the blocked period {{from}} – {{to}}',
      DATE_GREATER_THAN: 'not after {{value}} yet',
      DATE_GREATER_THAN_OR_EQUAL_TO: 'before {{value}}',
      DATE_LESS_THAN: 'no longer before {{value}}',
      DATE_LESS_THAN_OR_EQUAL_TO: 'after {{value}}',
      IP_NOT_ALLOWED: 'IP {{ip}} is not in the allowed list ({{values}})',
      IP_BLOCKED: 'IP {{ip}} is in the blocked list ({{values}})',
      yourIp: 'of this connection',
      USER_AGENT: 'the browser does not match {{values}}',
      USER_AGENT_BLOCKED: 'the browser matches a blocked pattern ({{values}})',
      REFERER: 'the referring page does not match {{values}}',
      REFERER_BLOCKED: 'the referring page matches a blocked pattern ({{values}})',
      PROJECT: 'this project is not one the condition allows',
      PROJECT_BLOCKED: 'this project is excluded by the condition',
    },
  },
  permissionModal: {
    title: 'Permission required',
    description:
      'You do not have the permissions this action needs. Ask an administrator of the organization or project to give you a role that includes them.',
    rolesLabel: 'Roles that allow it',
    permissionsLabel: 'Needed permissions',
    noPermissionsListed: 'The server did not say which permissions are needed.',
  },
  access: {
    checking: 'Checking access',
  },
  permissions: {
    checking: 'Checking your permissions…',
    requiresRole: 'Requires the {{roles}} role.',
    requiresOneOfRoles: 'Requires one of these roles: {{roles}}.',
    noRoleGrants: 'No role allows this.',
    inOrganization: '{{role}} (organization)',
    inProject: '{{role}} (project)',
  },
  restrictions: {
    APPKEY_CONSOLE_VERIFY: 'The account must verify its app keys in the console first.',
    BLOCK_MARKET_PLACE_PRODUCT_APPLY: 'The account may not apply for marketplace products.',
    CONSOLE_BLOCK: 'The account is blocked from the console.',
    ORG_CREATE: 'The account may not create organizations.',
    ORG_TRANSFER: 'The account may not hand over or receive organizations.',
    PRODUCT_ENABLE: 'The account may not enable services.',
    PRODUCT_VALIDATE_ENABLE: 'The account must be verified before enabling services.',
    PROJECT_CREATE: 'The account may not create projects.',
    PROJECT_TRANSFER: 'The account may not hand over or receive projects.',
    PARTNER_ACCOUNT: 'Accounts that signed up through the partner program cannot create or own organizations.',
    IAM_ACCOUNT: 'IAM accounts cannot do this; sign in with a cloud account.',
  },
  deleteConfirm: {
    irreversible: 'Deleting cannot be undone.',
    label: 'To confirm, type “{{name}}”',
  },
  projectsTable: {
    name: 'Project name',
    organization: 'Organization',
    status: 'Status',
    description: 'Description',
    owner: 'Owner',
    createdAt: 'Created',
  },
  activity: {
    title: 'Activity',
  },
  services: {
    // Shown by the shell's region selector on any page (app/shell/use-region-selection.ts).
    regionUnsupportedTitle: 'Region not supported',
    regionUnsupported: '{{name}} is not offered in {{region}}. Change the region and go to the project dashboard?',
    changeRegion: 'Change region',
    appKeys: {
      title: 'App keys',
    },
    title: 'Services',
    menuTitle: 'Services in use',
    manage: 'Services',
    recommendTitle: 'Recommended services',
    recommendEmpty: 'No recommendations.',
    org: {
      title: "Organization services",
    },
  },
  errors: {
    api: {
      generic: 'Something went wrong. Try again later.',
      network: 'The server cannot be reached. Check your network connection and try again.',
      timeout: 'The server did not answer in time. Try again.',
    },
    page: {
      requestId: 'Request ID',
      clientIp: 'Access IP',
      country: 'Access country',
      countryUnknown: 'Unknown',
      ipUnknown: 'Unknown',
      notFound: {
        title: 'Page not found',
        description: 'The page you asked for does not exist or has moved.',
      },
      server: {
        title: 'Something went wrong',
        description:
          'A temporary error occurred on the server. Try again in a moment. If it keeps happening, contact support with the request ID.',
      },
      unexpected: {
        title: 'Page Error',
        description: 'An unexpected error occurred on this page. Reload the page or go back to the home page.',
      },
      main: {
        title: 'MainPage Error',
        description: 'An unexpected error occurred on the main page. Reload the page; if it keeps happening, contact support with the request ID.',
      },
      maintenance: {
        title: 'Under maintenance',
        description: 'The console is being maintained. Try again later.',
      },
      ipAcl: {
        title: 'Access from this IP address is not allowed',
        description:
          'The organization allows access only from certain IP addresses. Ask an administrator of the organization to allow your IP address.',
        retry: 'Retry',
        contact: 'Contact',
        contactTitle: 'Ask for access',
        contactBody:
          'Send your access IP address ({{clientIp}}) to an administrator of the organization and ask them to add it to the allowed IP addresses.',
        contactBodyNoIp:
          'Ask an administrator of the organization to add the IP address you connect from to the allowed IP addresses.',
      },
      countryIpAcl: {
        title: 'Access from your country is not allowed',
        description:
          'The organization blocks access from countries it does not allow. Ask an administrator of the organization for access.',
      },
      unpaid: {
        title: 'Blocked for unpaid charges',
        description: 'The service is blocked because of unpaid charges. Pay the outstanding charges to use it again.',
      },
      expired: {
        title: 'Usage history expired',
        description: 'The usage history you asked for is past its retention period.',
      },
      notExistService: {
        title: 'Service not available',
        description: 'The service you asked for does not exist or is not enabled.',
      },
      forbidden: {
        title: 'No permission for this project',
        description:
          'You do not have permission to use this project. Ask a project administrator to add you to the project with a role.',
      },
      invalidRequest: {
        title: 'The request could not be processed',
        description: 'The request was not valid. Check the address and try again.',
      },
    },
  },
  // ---- governance and network rules (features/governance) ----
  governance: {
    title: 'Governance',
  },
  security: {
    menu: "API security",
    authInfo: {
      title: "Authentication information",
    },
  },
  // ---- sign-in security (features/sign-in-security, issue 10) ----
  signInSecurity: {
    settings: {
      link: "IAM sign-in security",
    },
    self: {
      title: "Login security",
    },
  },
  notifications: {
    groups: {
      title: "Notification receiver groups",
    },
  },
} as const;

/** The shape every language must have: the same keys, any text. */
export type UiMessages = DeepStrings<typeof en>;
type DeepStrings<T> = { readonly [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
