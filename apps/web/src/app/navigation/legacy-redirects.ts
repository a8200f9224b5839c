/**
 * Old console paths that moved (spec §2): any `customDashboard` segment is now
 * `custom-dashboard`, and `/securitySetting…` is `/security-setting…`. Answers the new path with
 * the same search, or undefined when the path is current.
 */
export function legacyRedirect(pathname: string, search = ''): string | undefined {
  let path = pathname
    .split('/')
    .map((segment) => (segment === 'customDashboard' ? 'custom-dashboard' : segment))
    .join('/');
  if (/^\/securitySetting(?=\/|$)/.test(path)) path = path.replace(/^\/securitySetting/, '/security-setting');
  return path === pathname ? undefined : `${path}${search}`;
}
