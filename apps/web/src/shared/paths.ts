/**
 * Every link of the console, built in one place (spec §2's paths, as the route table in
 * app/routes.ts declares them). Pages, the side navigation, breadcrumbs and the top bar read it,
 * so a renamed path changes here only; paths.test.ts checks each one against the route table.
 */
const id = (value: string) => encodeURIComponent(value);
const withQuery = (path: string, query: Readonly<Record<string, string>>) => `${path}?${new URLSearchParams(query).toString()}`;

/** The pages of one organization. */
export function orgPaths(orgId: string) {
  const base = `/org/${id(orgId)}`;
  const member = `${base}/member`;
  const setting = `${base}/setting`;
  return {
    dashboard: `${base}/dashboard`,
    activity: `${base}/activity`,
    governance: `${base}/governance`,
    audit: `${base}/audit`,
    member,
    /** The members page on one of its tabs (`invitations`, `iam`). */
    memberTab: (tab: string) => withQuery(member, { tab }),
    memberCloudAdd: `${member}/cloud/add`,
    memberCloudModify: (memberId: string) => withQuery(`${member}/cloud/modify`, { memberId }),
    memberIamModify: (memberId: string) => withQuery(`${member}/iam/modify`, { memberId }),
    memberImport: `${member}/import`,
    projectImport: `${base}/project-import`,
    setting,
    roleGroupAdd: `${setting}/role-group/add`,
    roleGroupModify: (roleGroupId: string) => `${setting}/role-group/modify/${id(roleGroupId)}`,
    /** Sign-in security of the organization's IAM accounts (issue 10). */
    iamSecurity: `${setting}/iam-security`,
    alarm: `${base}/alarm`,
    alarmGroup: `${base}/alarm-group`,
    alarmGroupAdd: `${base}/alarm-group/add`,
    alarmGroupDetail: (alarmGroupId: string) => `${base}/alarm-group/detail/${id(alarmGroupId)}`,
    alarmGroupModify: (alarmGroupId: string) => `${base}/alarm-group/modify/${id(alarmGroupId)}`,
    receiverGroup: `${base}/receiver-group`,
    /** The custom dashboard's alarm pages (spec §2; feature customDashboard). Modify names the alarm's project. */
    customDashboardAlarm: `${base}/custom-dashboard/alarm`,
    customDashboardAlarmAdd: `${base}/custom-dashboard/alarm/add`,
    customDashboardAlarmModify: (alarmId: string, projectId: string) => withQuery(`${base}/custom-dashboard/alarm/modify/${id(alarmId)}`, { projectId }),
    /** Organization services (issue 9) and one service's page (spec §2 /org/{orgId}/{productId}). */
    services: `${base}/services`,
    product: (productId: string) => `${base}/${id(productId)}`,
  } as const;
}

/** The pages of one project. */
export function projectPaths(projectId: string) {
  const base = `/project/${id(projectId)}`;
  const member = `${base}/member`;
  const roleGroup = `${base}/role-group`;
  return {
    dashboard: `${base}/dashboard`,
    member,
    /** Add a member of one kind (`cloud` or `iam`). */
    memberAdd: (kind: 'cloud' | 'iam') => `${member}/${kind}/add`,
    memberModify: (kind: 'cloud' | 'iam', memberId: string) => withQuery(`${member}/${kind}/modify`, { memberId }),
    memberImport: `${member}/import`,
    roleGroup,
    roleGroupAdd: `${roleGroup}/add`,
    roleGroupModify: (roleGroupId: string) => `${roleGroup}/modify/${id(roleGroupId)}`,
    setting: `${base}/setting`,
    services: `${base}/services`,
    authentication: `${base}/authentication`,
    /** Authentication information (spec §2): user-access-key, iass-api-password, s3-credential. */
    authInformation: (tab: 'user-access-key' | 'iass-api-password' | 's3-credential') => `${base}/auth-information/${tab}`,
    alarm: `${base}/alarm`,
    alarmAdd: `${base}/alarm/add`,
    alarmModify: (alarmId: string) => `${base}/alarm/modify/${id(alarmId)}`,
    alarmGroup: `${base}/alarm-group`,
    alarmGroupAdd: `${base}/alarm-group/add`,
    alarmGroupDetail: (alarmGroupId: string) => `${base}/alarm-group/detail/${id(alarmGroupId)}`,
    alarmGroupModify: (alarmGroupId: string) => `${base}/alarm-group/modify/${id(alarmGroupId)}`,
    receiverGroup: `${base}/receiver-group`,
    /** A product page (spec §2), with a sub-menu's tab as the hash. */
    product: (categoryName: string, productName: string, tab?: string | null) =>
      `${base}/${id(categoryName)}/${id(productName)}${tab ? `#${encodeURIComponent(tab)}` : ''}`,
  } as const;
}

export const paths = {
  home: '/',
  login: '/login',
  /** Sign in, then go to `nextUrl`. */
  loginThen: (nextUrl: string) => withQuery('/login', { nextUrl }),
  rolesOrganizations: '/roles/organizations',
  rolesProjects: '/roles/projects',
  experiments: '/new',
  securitySetting: '/security-setting',
  securityTokens: (userAccessKeyId: string) => `/security-setting/${id(userAccessKeyId)}/tokens`,
  /** The signed-in person's password and sessions (my-menu "login security"). */
  loginSecurity: '/login-security',
  org: orgPaths,
  project: projectPaths,
} as const;
