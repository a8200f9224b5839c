import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../app/routes.ts';
import type { RouteEntry } from '../app/route-types.ts';
import { paths } from './paths.ts';

/** Every page pattern of the route table, from the root ('/org/:orgId/member/cloud/add'). */
function patterns(entries: readonly RouteEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${parent}/${entry.path}` : parent;
    return [...(entry.path && !entry.path.includes('*') ? [here] : []), ...patterns(entry.children ?? [], here)];
  });
}

/** Every path the table builds, for sample ids. */
function built(): string[] {
  const org = paths.org('org-1');
  const project = paths.project('project-1');
  return [
    paths.home,
    paths.login,
    paths.loginThen(org.dashboard),
    paths.rolesOrganizations,
    paths.rolesProjects,
    paths.experiments,
    org.dashboard,
    org.activity,
    org.member,
    org.memberTab('iam'),
    org.memberCloudAdd,
    org.memberCloudModify('member-1'),
    org.memberIamModify('member-1'),
    org.memberImport,
    org.projectImport,
    org.setting,
    org.roleGroupAdd,
    org.roleGroupModify('group-1'),
    org.services,
    org.product('saas'),
    project.dashboard,
    project.member,
    project.memberAdd('cloud'),
    project.memberAdd('iam'),
    project.memberModify('cloud', 'member-1'),
    project.memberModify('iam', 'member-1'),
    project.memberImport,
    project.roleGroup,
    project.roleGroupAdd,
    project.roleGroupModify('group-1'),
    project.setting,
  ];
}

describe('paths', () => {
  it('builds only paths the route table has a page for', () => {
    const table = patterns(ROUTES);
    const unrouted = built().filter((path) => {
      const pathname = path.split('?')[0] ?? path;
      return pathname !== '/' && !table.some((pattern) => matchPath(pattern, pathname));
    });
    expect(unrouted).toEqual([]);
  });

  it('puts ids and query values in their segment, encoded', () => {
    expect(paths.org('a/b').dashboard).toBe('/org/a%2Fb/dashboard');
    expect(paths.org('org-1').memberCloudModify('m 1')).toBe('/org/org-1/member/cloud/modify?memberId=m+1');
    expect(paths.loginThen('/org/org-1/dashboard')).toBe('/login?nextUrl=%2Forg%2Forg-1%2Fdashboard');
  });
});
