export * from './mail.ts';
export * from './member-access.ts';
export * from './members.ts';
export * from './organizations.ts';
export * from './sessions.ts';
export * from './imports.ts';
export * from './role-groups.ts';
export * from './activity.ts';
