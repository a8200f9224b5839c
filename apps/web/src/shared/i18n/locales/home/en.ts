/**
 * The strings of the home page: a message part, loaded with the routes that name it
 * (shared/i18n/message-parts.ts). English is the typed source; ko, ja and zh have every key.
 */
export const homeEn = {
  home: {
    title: 'Home',
    welcome: 'Welcome, {{name}}',
    description: 'Your organizations and their projects. Choose one to get started.',
    organizations: 'Organizations',
    noOrganizations: 'You do not belong to any organization yet.',
    emptyDescription:
      'An organization holds your projects, members, regions and billing. Create one to start using the console: you become its owner, and you can then create projects in it.',
    projects: 'Projects',
    noProjects: 'No projects',
    notMemberOfAny: 'You are not a member of any project of this organization (projects in it: {{count}}). Ask an administrator of the organization or of a project to add you.',
    hiddenProjects: 'Projects you are not a member of: {{count}}',
    projectsLoadFailed: 'The projects could not be loaded.',
    orgBlocked: "Not reachable from this address: the organization's IP ACL or country rule refuses it.",
    ownerName: 'Owner: {{name}}',
    projectUsage: '{{count}} of {{limit}} projects',
    moreProjects: 'View all {{count}} projects',
    createOrganization: 'Create organization',
    createProject: 'Create project',
    createProjectNeedsOrg: 'Create an organization first: projects belong to an organization.',
    myProjects: {
      title: 'My projects',
      description: 'Projects you can see in all your organizations.',
      empty: 'You have no projects yet.',
      emptyNotMember: 'You are not a member of any project yet (projects in your organizations: {{count}}). Ask an administrator of the organization or of a project to add you.',
    },
  },
} as const;
