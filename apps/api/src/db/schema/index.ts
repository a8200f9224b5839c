// The tables of these files, under one import for the code that named them so before issue 19.
// Nothing needs every table here: drizzle.config.ts reads every file of this folder for migrations
// and the database handle takes no table list (db/client.ts), so a new table's file is imported by
// its own path and gets no line here.
export * from './mail.ts';
export * from './sms.ts';
export * from './member-access.ts';
export * from './members.ts';
export * from './organizations.ts';
export * from './iam.ts';
export * from './projects.ts';
export * from './support-team.ts';
export * from './sessions.ts';
export * from './imports.ts';
export * from './role-groups.ts';
export * from './activity.ts';
export * from './authz-epoch.ts';
export * from './products.ts';
export * from './metrics.ts';
export * from './governance.ts';
export * from './security.ts';
export * from './sign-in-security.ts';
export * from './alarms.ts';
export * from './notifications.ts';
