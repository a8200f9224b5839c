import { getProjectSelfRoles } from '@console/contracts/refs/projects';
import { getOrganization, getOrgSelfRoles } from '@console/contracts/refs/organizations';
import { getProject } from '@console/contracts/refs/projects';
import type { ProjectMember } from '@console/contracts/members';
import { listProjectMembers } from '@console/contracts/refs/project-members';
import { setRoleGroupMembers } from '@console/contracts/refs/role-groups';
import { conditionDetailOf } from '@console/contracts/condition-attributes';
import type { RoleGroupDetail } from '@console/contracts/role-groups';
import {
  createOrgRoleGroup,
  createProjectRoleGroup,
  previewOrgRoleGroup,
  getProjectRoleGroup,
  previewProjectRoleGroup,
  updateProjectRoleGroup,
} from '@console/contracts/refs/role-groups';
import { roleCategoryHierarchy, roleTreeNodeOf } from '@console/contracts/roles';
import { PROJECT_ROLE_CATALOGUE, ROLE_GROUP_ROLE_IDS } from '@console/contracts/role-catalogue';
import {
  getOrgProjectRoleCategories,
  getProjectRoleCategories,
  listRoleGroupRoles,
  searchProjectRoleTreeNodes,
} from '@console/contracts/refs/roles';
import type { Product, ProductUi } from '@console/contracts/products';
import { getProductUiHierarchy, listProducts } from '@console/contracts/refs/products';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleAnswer, describedText, renderConsole, englishPageTests } from '../../../test/console.tsx';
import { ORG_ID, organization, orgSelfRoles, project, PROJECT_ID, projectAdminSelfRoles } from '../../../test/fixtures.ts';
import { fail, mockFetch, ok, type RecordedRequest } from '../../../test/http.ts';
import { fill } from '../../../test/fill.ts';
import { serverFieldTarget } from '../components/role-group-form.ts';
import { OrgRoleGroupEditPage, ProjectRoleGroupEditPage } from './RoleGroupEditPage.tsx';
import { paths } from '../../../shared/paths.ts';

// The page loads its form on demand (React.lazy): load it once here, so a slow first import on a
// busy machine does not eat the first test's wait.
beforeAll(async () => {
  await import('../components/RoleGroupEditForm.tsx');
});

const frame = englishPageTests();

const GROUP_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const MEMBER_UUID = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const NEW_UUID = '4d5e6f7a-8b9c-4d0e-8f1a-2b3c4d5e6f7a';
const BASE = `/api/cab/v6/projects/${PROJECT_ID}`;

const group = (patch: Partial<RoleGroupDetail> = {}): RoleGroupDetail => ({
  roleGroupId: GROUP_ID,
  roleGroupName: 'Office hours',
  description: '',
  typeCode: 'PROJECT',
  orgId: ORG_ID,
  projectId: PROJECT_ID,
  roleCount: 1,
  memberCount: 1,
  regDateTime: '2026-11-20T00:00:00Z',
  modDateTime: '2026-11-20T00:00:00Z',
  editable: true,
  roles: [
    {
      ...roleTreeNodeOf(PROJECT_ROLE_CATALOGUE.find((role) => role.roleName === 'MEMBER')!, 'en'),
      denialSetting: 'ALLOW',
      conditions: [
        conditionDetailOf({ attributeId: 'TIME', attributeDataTypeCode: 'TIME', attributeOperatorTypeCode: 'BETWEEN', attributeValues: ['09:00', '18:00'] }, 'en'),
      ],
    },
  ],
  members: [
    {
      projectMemberUuid: MEMBER_UUID,
      memberType: 'TOAST_CLOUD',
      userCode: null,
      email: 'lee@example.com',
      name: 'Lee Member',
      projectId: PROJECT_ID,
      projectName: 'Web Service',
    },
  ],
  ...patch,
});

const listedMember = (uuid: string, name: string, email: string): ProjectMember => ({
  projectMemberUuid: uuid,
  memberType: 'TOAST_CLOUD',
  userCode: null,
  email,
  name,
  projectMemberRoleCodeList: ['VIEWER'],
  projectMemberStatusCode: 'STABLE',
  isProjectOwner: false,
  memberStatusCode: 'STABLE',
  regDateTime: '2026-11-01T00:00:00Z',
  projectMemberRoleGroups: [],
});

const previewOf = (uuid: string, name: string, email: string, gained: string[], lost: string[]) => ({
  projectMemberUuid: uuid,
  name,
  email,
  projectId: PROJECT_ID,
  projectName: 'Web Service',
  gained,
  lost,
});

/** The answers every role-group page needs: a project ADMIN, the catalogue, the categories, the members. */
function routes(extra: Record<string, (request: RecordedRequest) => Response>) {
  return mockFetch({
    'GET /api/i18n/messages/bundle': bundleAnswer({ '62021': 'The condition value already exists.' }),
    [`${'GET'} ${BASE}/self/roles`]: () =>
      ok(getProjectSelfRoles, projectAdminSelfRoles()),
    [`GET /api/cab/v5/projects/${PROJECT_ID}`]: () => ok(getProject, { project: project() }),
    [`GET /api/cab/v7/organizations/${ORG_ID}`]: () => ok(getOrganization, { org: organization({ timeZone: 'Asia/Seoul' }) }),
    [`POST ${BASE}/roles/tree-nodes/search`]: () =>
      ok(searchProjectRoleTreeNodes, { roles: PROJECT_ROLE_CATALOGUE.map((role) => roleTreeNodeOf(role, 'en')) }),
    [`GET ${BASE}/roles/project-category`]: () => ok(getProjectRoleCategories, { categories: [roleCategoryHierarchy('PROJECT', 'en')] }),
    [`GET /api/cab/v5/projects/${PROJECT_ID}/members`]: () => ok(listProjectMembers, { projectMembers: [], paging: { page: 1, limit: 1000, totalCount: 0 } }),
    ...extra,
  });
}

const renderPage = (path: string) =>
  renderConsole(
    [
      { path: '/project/:projectId/role-group/add', Component: ProjectRoleGroupEditPage },
      { path: '/project/:projectId/role-group/modify/:roleGroupId', Component: ProjectRoleGroupEditPage },
      { path: '/project/:projectId/role-group', Component: () => <p>role group list</p> },
    ],
    path,
    frame.english,
  );

describe('role group form', () => {
  it('asks for the group name when the field is left empty (on blur), and refuses to save without a role', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = routes({});
    renderPage(paths.project(PROJECT_ID).roleGroupAdd);

    const name = await screen.findByTestId('role-group-name');
    await user.click(screen.getByTestId('role-group-submit'));
    await waitFor(() => expect(describedText(name)).toContain('Required input. Enter a group name.'));
    await user.click(name);
    await user.tab();
    await waitFor(() => expect(describedText(name)).toContain('Required input. Enter a group name.'));

    await fill(user, name, 'Night shift');
    await waitFor(() => expect(describedText(name)).not.toContain('Required input.'));
    await user.click(screen.getByTestId('role-group-submit'));
    expect((await screen.findByTestId('role-group-roles-error')).textContent).toContain('Choose at least one role.');
    expect(requests.filter((request) => request.method === 'POST' && request.url.pathname.endsWith('/preview'))).toHaveLength(0);
  });

  it('shows what each member gains and loses, and the ADMIN warning, before it saves; saves only when confirmed', async () => {
    const user = userEvent.setup({ delay: null });
    const saved: unknown[] = [];
    const previewed: unknown[] = [];
    routes({
      [`GET ${BASE}/role-groups/${GROUP_ID}`]: () => ok(getProjectRoleGroup, { roleGroup: group() }),
      [`POST ${BASE}/role-groups/preview`]: (request) => {
        previewed.push(request.body);
        return ok(previewProjectRoleGroup, {
          conditionsIgnored: true,
          members: [
            {
              projectMemberUuid: MEMBER_UUID,
              name: 'Lee Member',
              email: 'lee@example.com',
              projectId: PROJECT_ID,
              projectName: 'Web Service',
              gained: ['Project.Member.List'],
              lost: ['Project.Quota.Create'],
            },
          ],
          warnings: [{ code: 'PROJECT_WITHOUT_ADMIN', projectId: PROJECT_ID, projectName: 'Web Service' }],
        });
      },
      [`PUT ${BASE}/role-groups/${GROUP_ID}`]: (request) => {
        saved.push(request.body);
        return ok(updateProjectRoleGroup, { roleGroup: group({ description: 'Weekdays' }) });
      },
    });
    renderPage(paths.project(PROJECT_ID).roleGroupModify(GROUP_ID));

    const description = await screen.findByTestId('role-group-description');
    await user.type(description, 'Weekdays');
    await user.click(screen.getByTestId('role-group-submit'));

    const preview = await screen.findByTestId('role-group-preview-table');
    expect(within(preview).getByTestId('role-group-preview-gained').textContent).toContain('Project · Members: list');
    expect(within(preview).getByTestId('role-group-preview-lost').textContent).toContain('Project · Quotas: create');
    expect(screen.getByTestId('role-group-preview-warning').textContent).toContain('The project "Web Service" would be left without an admin.');
    expect(previewed).toEqual([
      {
        roleGroupId: GROUP_ID,
        roleGroupName: 'Office hours',
        description: 'Weekdays',
        roles: [
          {
            roleId: 'PROJECT_ROLE:MEMBER',
            denialSetting: 'ALLOW',
            // The form sends the condition itself; the attribute's name and description are the server's to answer.
            conditions: [{ attributeId: 'TIME', attributeDataTypeCode: 'TIME', attributeOperatorTypeCode: 'BETWEEN', attributeValues: ['09:00', '18:00'] }],
          },
        ],
        // The holders as the save leaves them (unchanged here).
        projectMemberUuids: [MEMBER_UUID],
      },
    ]);
    expect(screen.queryByTestId('role-group-preview-assigned')).toBeNull();
    expect(saved).toHaveLength(0);

    await user.click(screen.getByTestId('modal-confirm'));
    await screen.findByText('role group list');
    expect(saved).toHaveLength(1);
  });

  it('previews the holders the form sets: a member newly assigned gains, a holder taken out loses; then saves the group and its holders', async () => {
    const user = userEvent.setup({ delay: null });
    const previewed: { projectMemberUuids?: string[] }[] = [];
    const assigned: unknown[] = [];
    routes({
      [`GET /api/cab/v5/projects/${PROJECT_ID}/members`]: () =>
        ok(listProjectMembers, {
          projectMembers: [listedMember(MEMBER_UUID, 'Lee Member', 'lee@example.com'), listedMember(NEW_UUID, 'Park New', 'park@example.com')],
          paging: { page: 1, limit: 1000, totalCount: 2 },
        }),
      [`GET ${BASE}/role-groups/${GROUP_ID}`]: () => ok(getProjectRoleGroup, { roleGroup: group() }),
      [`POST ${BASE}/role-groups/preview`]: (request) => {
        previewed.push(request.body as { projectMemberUuids?: string[] });
        return ok(previewProjectRoleGroup, {
          conditionsIgnored: true,
          members: [
            previewOf(MEMBER_UUID, 'Lee Member', 'lee@example.com', [], ['Project.Support.Create']),
            previewOf(NEW_UUID, 'Park New', 'park@example.com', ['Project.Support.Create'], []),
          ],
          warnings: [],
        });
      },
      [`PUT ${BASE}/role-groups/${GROUP_ID}`]: () => ok(updateProjectRoleGroup, { roleGroup: group() }),
      [`PUT ${BASE}/role-groups/${GROUP_ID}/members`]: (request) => {
        assigned.push(request.body);
        return ok(setRoleGroupMembers, { roleGroup: group() });
      },
    });
    renderPage(paths.project(PROJECT_ID).roleGroupModify(GROUP_ID));

    const members = await screen.findByTestId('role-group-members');
    const trigger = () => (members.querySelector('button[aria-haspopup]') ?? members.querySelector('button')) as HTMLElement;
    await waitFor(() => expect(trigger().hasAttribute('disabled')).toBe(false));
    await user.click(trigger());
    for (const uuid of [NEW_UUID, MEMBER_UUID]) {
      const option = await waitFor(() => {
        const found = members.querySelector(`[role="option"] [data-value="${uuid}"]`);
        if (!found) throw new Error(`no option ${uuid}`);
        return found as HTMLElement;
      });
      await user.click(option);
    }
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('role-group-submit'));

    const table = await screen.findByTestId('role-group-preview-table');
    expect(previewed.map((body) => body.projectMemberUuids)).toEqual([[NEW_UUID]]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const park = rows.find((row) => row.textContent?.includes('Park New'))!;
    expect(within(park).getByTestId('role-group-preview-assigned').textContent).toBe('Newly assigned');
    expect(within(park).getByTestId('role-group-preview-gained').textContent).toContain('Project · Technical support: create');
    const lee = rows.find((row) => row.textContent?.includes('Lee Member'))!;
    expect(within(lee).getByTestId('role-group-preview-unassigned').textContent).toBe('Taken out of the group');
    expect(within(lee).getByTestId('role-group-preview-lost').textContent).toContain('Project · Technical support: create');
    expect(screen.getByTestId('role-group-preview-new-members').textContent).toContain('1');
    expect(assigned).toHaveLength(0);

    await user.click(screen.getByTestId('modal-confirm'));
    await screen.findByText('role group list');
    expect(assigned).toEqual([{ projectMemberUuids: [NEW_UUID] }]);
  });

  it('puts the server refusal of a condition (62021) next to that condition', async () => {
    const user = userEvent.setup({ delay: null });
    routes({
      [`GET ${BASE}/role-groups/${GROUP_ID}`]: () => ok(getProjectRoleGroup, { roleGroup: group() }),
      [`POST ${BASE}/role-groups/preview`]: () => ok(previewProjectRoleGroup, { conditionsIgnored: true, members: [], warnings: [] }),
      [`PUT ${BASE}/role-groups/${GROUP_ID}`]: () =>
        fail(400, {
          resultCode: 62021,
          resultMessage: 'The condition value already exists.',
          fieldErrors: [{ field: 'body.roles.0.conditions.0.attributeValues', message: 'The condition value already exists.' }],
        }),
    });
    renderPage(paths.project(PROJECT_ID).roleGroupModify(GROUP_ID));

    await user.type(await screen.findByTestId('role-group-description'), 'x');
    await user.click(screen.getByTestId('role-group-submit'));
    expect(await screen.findByTestId('role-group-preview-nobody')).toBeTruthy();
    await user.click(screen.getByTestId('modal-confirm'));

    expect((await screen.findByTestId('role-group-role-0-condition-0-error')).textContent).toContain('The condition value already exists.');
    expect(screen.queryByTestId('role-group-form-error')).toBeNull();
    expect(screen.queryByText('role group list')).toBeNull();
  });

  it('does not add a group when the preview is cancelled', async () => {
    const user = userEvent.setup({ delay: null });
    const created: unknown[] = [];
    routes({
      [`POST ${BASE}/role-groups/preview`]: () => ok(previewProjectRoleGroup, { conditionsIgnored: true, members: [], warnings: [] }),
      [`POST ${BASE}/role-groups`]: (request) => {
        created.push(request.body);
        return ok(createProjectRoleGroup, { roleGroup: group() });
      },
    });
    renderPage(paths.project(PROJECT_ID).roleGroupAdd);
    await fill(user, await screen.findByTestId('role-group-name'), 'Viewers');
    await user.click(within(screen.getByTestId('role-group-role-picker')).getByRole('button'));
    await user.click(await screen.findByText('Viewer'));
    await user.click(screen.getByTestId('role-group-submit'));
    await screen.findByTestId('role-group-preview-nobody');
    await user.click(screen.getByTestId('modal-cancel'));
    await waitFor(() => expect(screen.queryByTestId('role-group-preview')).toBeNull());
    expect(created).toHaveLength(0);
  });
});

describe('serverFieldTarget', () => {
  it('maps server field names to the part of the form they concern', () => {
    expect(serverFieldTarget('body.roleGroupName')).toEqual({ kind: 'field', field: 'roleGroupName' });
    expect(serverFieldTarget('body.roles.2.conditions.1.attributeValues')).toEqual({ kind: 'condition', index: 2, condition: 1 });
    expect(serverFieldTarget('body.roles.1.denialSetting')).toEqual({ kind: 'role', index: 1 });
    expect(serverFieldTarget('body.roles')).toEqual({ kind: 'roles' });
    expect(serverFieldTarget('body.other')).toBeUndefined();
  });
});

describe('common role groups of the organization', () => {
  it('adds a common group with the organization calls, after the preview, and returns to the settings', async () => {
    const user = userEvent.setup({ delay: null });
    const created: unknown[] = [];
    const ORG = `/api/cab/v6/organizations/${ORG_ID}`;
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({}),
      [`GET ${ORG}/self/roles`]: () => ok(getOrgSelfRoles, orgSelfRoles('ADMIN')),
      [`GET /api/cab/v7/organizations/${ORG_ID}`]: () => ok(getOrganization, { org: organization() }),
      [`GET ${ORG}/project-role-groups/roles`]: () =>
        ok(listRoleGroupRoles, {
          roles: PROJECT_ROLE_CATALOGUE.filter((role) => ROLE_GROUP_ROLE_IDS.includes(role.roleId)).map((role) => roleTreeNodeOf(role, 'en')),
        }),
      [`GET ${ORG}/roles/project-category`]: () => ok(getOrgProjectRoleCategories, { categories: [roleCategoryHierarchy('PROJECT', 'en')] }),
      [`POST ${ORG}/role-groups/preview`]: () => ok(previewOrgRoleGroup, { conditionsIgnored: true, members: [], warnings: [] }),
      [`POST ${ORG}/role-groups`]: (request) => {
        created.push(request.body);
        return ok(createOrgRoleGroup, { roleGroup: group({ typeCode: 'COMMON', projectId: null, members: [] }) });
      },
    });
    renderConsole(
      [
        { path: '/org/:orgId/setting/role-group/add', Component: OrgRoleGroupEditPage },
        { path: '/org/:orgId/setting', Component: () => <p>organization settings</p> },
      ],
      paths.org(ORG_ID).roleGroupAdd,
      frame.english,
    );
    await fill(user, await screen.findByTestId('role-group-name'), 'Night shift');
    await user.click(within(screen.getByTestId('role-group-role-picker')).getByRole('button'));
    await user.click(await screen.findByText('Dashboard viewer'));
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('role-group-members')).toBeNull();
    await user.click(screen.getByTestId('role-group-submit'));
    await screen.findByTestId('role-group-preview-nobody');
    expect(created).toHaveLength(0);
    await user.click(screen.getByTestId('modal-confirm'));
    await screen.findByText('organization settings');
    expect(created).toEqual([
      { roleGroupName: 'Night shift', description: '', roles: [{ roleId: 'PROJECT_ROLE:DASHBOARD_VIEWER', denialSetting: 'ALLOW', conditions: [] }] },
    ]);
  });
});

const product = (productId: string, productName: string, permissionName: string, productCategoryCode: Product['productCategoryCode']): Product => ({
  productId,
  productName,
  productDisplayName: productName,
  statusCode: 'STABLE',
  appKeyReuseYn: 'N',
  secretKey: 'T',
  enableType: productCategoryCode === 'ORG' ? 'DEPENDENT_ORG' : 'DEPENDENT_PROJECT',
  enableRestrictionCode: 'NO_RESTRICTION',
  productCategoryCode,
  enableEmailTemplateId: null,
  permissionName,
  productAppKeyReissueHookApiStatusCode: 'NONE',
  businessOnly: false,
  requiresPaymentMethod: false,
  dependsOn: [],
  regDateTime: '2026-11-01T00:00:00.000Z',
  modDateTime: '2026-11-01T00:00:00.000Z',
});
const entry = (productId: string, productUiName: string): ProductUi => ({
  productUiId: productId,
  productUiName,
  productId,
  parentProductUiId: null,
  productUiType: 'PROJECT',
  categoryName: 'notification',
  pathName: productId,
  tabName: null,
  authTypeCode: 'PERMISSION',
  enableType: 'DEPENDENT_PROJECT',
  iamLoginReturnUrl: null,
  iframeTypeCode: 'PROXY',
  isMaintenance: false,
  linkTargetCode: 'IFRAME',
  linkUrl: '/',
  widgetType: null,
  marketplaceTypeCode: null,
  regionCodeList: ['KR1'],
  orderIdx: 1,
  badges: [],
  manualLink: null,
  quickGuideLink: null,
  productMetaInfoList: [],
  denyServiceConsole: false,
  denyShowAppKeySecretKey: false,
  denyDeactivateProductUi: false,
  icon: null,
  productStatusCode: 'STABLE',
  children: [],
});

describe('product permissions in the role picker', () => {
  it("offers each project service's permissions under the service, named from the catalogue, and saves the one picked", async () => {
    const user = userEvent.setup({ delay: null });
    const created: { roles: { roleId: string }[] }[] = [];
    routes({
      'GET /api/cab/v5/products': () =>
        ok(listProducts, { products: [product('email', 'Email', 'Email', 'PROJECT'), product('email-insights', 'Email Insights', 'EmailInsights', 'ORG')] }),
      'GET /api/cab/v5/product-uis/hierarchy': () => ok(getProductUiHierarchy, { productUis: [entry('email', 'Mail service')] }),
      [`POST ${BASE}/role-groups/preview`]: () => ok(previewProjectRoleGroup, { conditionsIgnored: true, members: [], warnings: [] }),
      [`POST ${BASE}/role-groups`]: (request) => {
        created.push(request.body as { roles: { roleId: string }[] });
        return ok(createProjectRoleGroup, { roleGroup: group() });
      },
    });
    renderPage(`/project/${PROJECT_ID}/role-group/add`);
    await fill(user, await screen.findByTestId('role-group-name'), 'Mail readers');
    await user.click(within(screen.getByTestId('role-group-role-picker')).getByRole('button'));
    // A group per project service, with its name from the catalogue's menu entry; no organization service.
    await screen.findByText('Mail service (service permissions)');
    expect(screen.queryByText(/Email Insights/)).toBeNull();
    expect(screen.getByText('Mail service: Create project Appkeys')).toBeTruthy();
    // The service's use first (reading before changing), then its Appkeys.
    const names = screen.getAllByText(/^Mail service: /).map((node) => node.textContent);
    expect(names.slice(0, 3)).toEqual(['Mail service: View the service', 'Mail service: List the service in use', 'Mail service: Enable the service']);
    expect(names).toHaveLength(10);
    expect(screen.getByText('Email:Project.Product.Get, for Mail service only')).toBeTruthy();
    await user.click(screen.getByText('Mail service: View the service'));
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('role-group-submit'));
    await screen.findByTestId('role-group-preview-nobody');
    await user.click(screen.getByTestId('modal-confirm'));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]!.roles).toEqual([{ roleId: 'Email:Project.Product.Get', denialSetting: 'ALLOW', conditions: [] }]);
  });
});
