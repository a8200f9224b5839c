/**
 * The strings of the project screens and the ownership transfer: a message part, loaded with the routes that name it
 * (shared/i18n/message-parts.ts). English is the typed source; ko, ja and zh have every key.
 */
export const projectEn = {
  project: {
    noPermission: {
      description: 'The project does not exist, or you are not a member of it. Ask an administrator of the project or of its organization to add you with a role.',
      myRoles: 'View my roles',
    },
    dashboard: {
      title: 'Project dashboard',
      overview: 'Overview',
      name: 'Project name',
      id: 'Project ID',
      description: 'Description',
      noDescription: 'No description',
      status: 'Status',
      organization: 'Organization',
      createdAt: 'Created',
      modifiedAt: 'Last modified',
      owner: 'Owner',
      manage: 'Manage project',
    },
    setting: {
      title: 'Project management',
      description: 'Name, description, ownership and deletion of {{name}}.',
      readOnly: 'You can view these settings but not change them. {{reason}}',
      general: {
        title: 'General',
        name: 'Project name',
        nameConstraint: 'Up to 100 characters: letters (Latin, Korean, Japanese, Chinese), digits, spaces and . _ -',
        description: 'Description',
        descriptionConstraint: 'Up to 500 characters.',
        saved: 'The project “{{name}}” was saved.',
        duplicateName: 'This organization already has a project with this name. You can still use it, but a different name is easier to tell apart.',
        savedDuplicate: 'The project “{{name}}” was saved. The organization has another project with the same name.',
      },
      owner: {
        title: 'Ownership',
        description: 'The project owner holds every permission of the project.',
        current: 'Owner',
        transfer: 'Transfer ownership',
        transferTitle: 'Transfer ownership of “{{name}}”',
        transferDescription: 'Choose the project’s cloud member who becomes its owner and admin. IAM accounts cannot own a project.',
      },
      delete: {
        title: 'Delete project',
        description: 'Deleting the project removes its members and settings. A project with services in use cannot be deleted.',
        button: 'Delete project',
        servicesInUse: 'The project has services in use. Disable them first.',
        confirmTitle: 'Delete project “{{name}}”?',
        confirmDescription: 'The project “{{name}}” of {{orgName}} and its members and settings will be deleted.',
        mismatch: 'The name does not match. Enter the project’s name exactly.',
        deleted: 'The project “{{name}}” was deleted.',
      },
    },
    status: {
      BLOCKED: 'Blocked',
      CLOSED: 'Closed',
      DISABLED: 'Disabled',
      STABLE: 'Active',
      TERMINATED: 'Terminated',
    },
  },
  ownership: {
    newOwner: 'New owner',
    placeholder: 'Choose a member',
    noCandidates: 'There is no other member to hand over to. Invite a member first.',
    submit: 'Transfer ownership',
    confirmTitle: 'Transfer ownership?',
    confirmContent: '“{{name}}” will be handed over to {{owner}}. You cannot undo this yourself.',
    transferred: '“{{name}}” now belongs to {{owner}}.',
  },
} as const;
