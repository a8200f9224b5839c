import { listOrgMembers, type OrgMember } from '@console/contracts/members';
import { getOrgSelfRoles } from '@console/contracts/organizations';
import { disableOrgProduct, enableOrgProduct, getOrgEnablePermission, getOrgProduct, getProductUiHierarchy, listProducts, type ProductUi, listSaasMembers, setSaasMemberRole, setSaasOwner, type Product } from '@console/contracts/products';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleAnswer, describedText, renderConsole, englishPageTests } from '../../../test/console.tsx';
import { ORG_ID, orgMember, orgSelfRoles } from '../../../test/fixtures.ts';
import { fail, mockFetch, ok, type RecordedRequest } from '../../../test/http.ts';
import { chooseOption, selectTrigger } from '../../../test/select.ts';
import { OrgProductPage } from './OrgProductPage.tsx';
import { OrgServicesPage } from './OrgServicesPage.tsx';

// The services page loads its table and the product page its members' table on demand
// (React.lazy): load them once here, so a slow first import on a busy machine does not eat the
// queries' wait.
beforeAll(async () => {
  await Promise.all([import('../components/OrgServicesTable.tsx'), import('../components/SaasMembersTable.tsx')]);
});

const page = englishPageTests();

const KIM = '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e';
const LEE = '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const product = (patch: Partial<Product>): Product => ({
  productId: 'saas',
  // The catalogue's fixed name; the page shows the name in the caller's language.
  productName: 'collab-saas',
  productDisplayName: 'Collab',
  statusCode: 'STABLE',
  appKeyReuseYn: 'N',
  secretKey: 'T',
  enableType: 'DEPENDENT_ORG',
  enableRestrictionCode: 'NO_RESTRICTION',
  productCategoryCode: 'ORG',
  enableEmailTemplateId: null,
  permissionName: 'Collab',
  productAppKeyReissueHookApiStatusCode: 'NONE',
  businessOnly: false,
  requiresPaymentMethod: false,
  dependsOn: [],
  regDateTime: '2026-11-01T00:00:00.000Z',
  modDateTime: '2026-11-01T00:00:00.000Z',
  ...patch,
});
const member = (memberUuid: string, name: string): OrgMember => orgMember(memberUuid, name);

describe('organization services', () => {
  it('lists only organization services; enabling asks for the SaaS OWNER next to the field, then sends it', async () => {
    const user = userEvent.setup({ delay: null });
    const enabled: unknown[] = [];
    let isEnabled = false;
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({ 'errors.22019': 'Not a member of the organization.' }),
      [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: () => ok(getOrgSelfRoles, orgSelfRoles('OWNER')),
      'GET /api/cab/v5/products': () => ok(listProducts, { products: [product({}), product({ productId: 'email', productName: 'Email', productCategoryCode: 'PROJECT' })] }),
      'GET /api/cab/v5/products/saas/has-enable-permission/organizations': () =>
        ok(getOrgEnablePermission, { organizations: [{ orgId: ORG_ID, orgName: 'Org', hasEnablePermission: true, enabled: isEnabled }] }),
      [`GET /api/cab/v5/organizations/${ORG_ID}/members`]: () =>
        ok(listOrgMembers, { members: [member(KIM, 'Kim'), member(LEE, 'Lee')], paging: { page: 1, limit: 1000, totalCount: 2 } }),
      [`POST /api/cab/v5/organizations/${ORG_ID}/products/saas/enable`]: (request: RecordedRequest) => {
        enabled.push(request.body);
        if (enabled.length === 1) return fail(400, { resultCode: 22019, fieldErrors: [{ field: 'body.saasOwnerUuid', message: 'Not a member of the organization.' }] });
        isEnabled = true;
        return ok(enableOrgProduct, {
          product: { productId: 'saas', productName: 'Collab', productSecretKeyCode: 'T', productUrl: null, appKey: 'AK', secretKey: 'SK', statusCode: 'STABLE', enabledDateTime: '', secretKeyIssuedDateTime: '' },
        });
      },
    });
    renderConsole([{ path: '/org/:orgId/services', Component: OrgServicesPage }], `/org/${ORG_ID}/services`, page.english);

    const table = await screen.findByTestId('org-services-table');
    await waitFor(() => expect(within(table).getByText('Collab')).toBeTruthy());
    expect(within(table).queryByText('Email')).toBeNull();
    const enableButton = within(table).getByRole('button', { name: 'Enable Collab' });
    await waitFor(() => expect(enableButton.getAttribute('aria-disabled')).toBeNull());
    await user.click(enableButton);

    await user.click(await screen.findByTestId('org-service-enable-submit'));
    await waitFor(() => expect(describedText(selectTrigger('org-service-owner'))).toContain('This field is required.'));
    expect(enabled).toEqual([]);

    await chooseOption(user, 'org-service-owner', LEE);
    await user.click(screen.getByTestId('org-service-enable-submit'));
    await waitFor(() => expect(describedText(selectTrigger('org-service-owner'))).toContain('Not a member of the organization.'));
    await user.click(screen.getByTestId('org-service-enable-submit'));
    await waitFor(() => expect(screen.queryByTestId('org-service-enable-form')).toBeNull());
    expect(enabled).toEqual([{ saasOwnerUuid: LEE }, { saasOwnerUuid: LEE }]);
    await waitFor(() => expect(within(table).getByText('Enabled')).toBeTruthy());
  });

  it('disables an enabled service only after the consent to data deletion; a refusal stays in the dialog; then the row shows not enabled', async () => {
    const user = userEvent.setup({ delay: null });
    const disabled: string[] = [];
    let isEnabled = true;
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({ 'errors.-6': 'You do not have permission.' }),
      [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: () => ok(getOrgSelfRoles, orgSelfRoles('ADMIN')),
      'GET /api/cab/v5/products': () => ok(listProducts, { products: [product({})] }),
      'GET /api/cab/v5/products/saas/has-enable-permission/organizations': () =>
        ok(getOrgEnablePermission, { organizations: [{ orgId: ORG_ID, orgName: 'Org', hasEnablePermission: true, enabled: isEnabled }] }),
      [`DELETE /api/cab/v5/organizations/${ORG_ID}/products/saas/disable`]: (request: RecordedRequest) => {
        disabled.push(request.url.pathname);
        if (disabled.length === 1) return fail(403, { resultCode: -6 });
        isEnabled = false;
        return ok(disableOrgProduct, { productId: 'saas' });
      },
    });
    renderConsole([{ path: '/org/:orgId/services', Component: OrgServicesPage }], `/org/${ORG_ID}/services`, page.english);

    const table = await screen.findByTestId('org-services-table');
    await waitFor(() => expect(within(table).getByText('Enabled')).toBeTruthy());
    const disableButton = within(table).getByRole('button', { name: 'Disable Collab' });
    await waitFor(() => expect(disableButton.getAttribute('aria-disabled')).toBeNull());
    await user.click(disableButton);

    const form = await screen.findByTestId('disable-service-form');
    expect(form.textContent).toContain('Disabling Collab deletes its data in this organization.');
    await user.click(screen.getByTestId('disable-service-submit'));
    await waitFor(() => expect(screen.getByTestId('disable-consent-error').textContent).toBe('Check the box to agree to the data deletion.'));
    expect(disabled).toEqual([]);

    await user.click(screen.getByTestId('disable-consent'));
    await user.click(screen.getByTestId('disable-service-submit'));
    await waitFor(() => expect(screen.getAllByTestId('disable-service-error')[0]!.textContent).toContain('Failed to disable the Collab service.'));
    expect(within(table).getByText('Enabled')).toBeTruthy();

    await user.click(screen.getByTestId('disable-service-submit'));
    await waitFor(() => expect(screen.queryByTestId('disable-service-form')).toBeNull());
    expect(disabled).toHaveLength(2);
    await waitFor(() => expect(within(table).getByText('Not enabled')).toBeTruthy());
    expect(within(table).getByRole('button', { name: 'Enable Collab' })).toBeTruthy();
  });

  it('shows the SaaS members paged by the server; the OWNER cannot be removed; add, make owner', async () => {
    const user = userEvent.setup({ delay: null });
    const calls: { path: string; body: unknown }[] = [];
    type Saas = { id: string; memberUuid: string; name: string; email: string; productId: string; role: 'OWNER' | 'ADMIN' | 'MEMBER' | 'VIEWER'; regDateTime: string };
    const saas: Saas[] = [
      { id: 's1', memberUuid: KIM, name: 'Kim', email: 'kim@example.com', productId: 'saas', role: 'OWNER', regDateTime: '2026-11-01T00:00:00.000Z' },
    ];
    const { requests } = mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({}),
      [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: () => ok(getOrgSelfRoles, orgSelfRoles('OWNER')),
      [`GET /api/cab/v5/organizations/${ORG_ID}/products/saas`]: () =>
        ok(getOrgProduct, {
          product: { productId: 'saas', productName: 'Collab', productSecretKeyCode: 'T', productUrl: null, appKey: 'AK', secretKey: 'SK', statusCode: 'STABLE', enabledDateTime: '', secretKeyIssuedDateTime: '' },
          hasUpdateSecretKeyPermission: true,
          saasRole: 'OWNER',
        }),
      [`GET /api/cab/v5/saas/organizations/${ORG_ID}/members`]: () => ok(listSaasMembers, { members: saas, paging: { page: 1, limit: 20, totalCount: saas.length } }),
      [`GET /api/cab/v5/organizations/${ORG_ID}/members`]: () =>
        ok(listOrgMembers, { members: [member(KIM, 'Kim'), member(LEE, 'Lee')], paging: { page: 1, limit: 1000, totalCount: 2 } }),
      [`POST /api/cab/v5/saas/organizations/${ORG_ID}/members/${LEE}/set-role`]: (request: RecordedRequest) => {
        calls.push({ path: 'set-role', body: request.body });
        const added: Saas = { ...saas[0]!, id: 's2', memberUuid: LEE, name: 'Lee', email: 'lee@example.com', role: 'VIEWER' };
        saas.push(added);
        return ok(setSaasMemberRole, { member: added });
      },
      [`POST /api/cab/v5/saas/organizations/${ORG_ID}/members/${LEE}/set-owner`]: (request: RecordedRequest) => {
        calls.push({ path: 'set-owner', body: request.body });
        saas[0] = { ...saas[0]!, role: 'ADMIN' };
        saas[1] = { ...saas[1]!, role: 'OWNER' };
        return ok(setSaasOwner, { member: saas[1]! });
      },
    });
    renderConsole([{ path: '/org/:orgId/:productId', Component: OrgProductPage }], `/org/${ORG_ID}/saas`, page.english);

    const table = await screen.findByTestId('saas-members-table');
    await waitFor(() => expect(within(table).getByText('Kim')).toBeTruthy());
    expect(within(table).getByText('Owner')).toBeTruthy();
    const pages = requests.filter((request) => request.url.pathname.endsWith('/saas/organizations/' + ORG_ID + '/members'));
    expect([pages[0]!.url.searchParams.get('productId'), pages[0]!.url.searchParams.get('page'), pages[0]!.url.searchParams.get('limit')]).toEqual(['saas', '1', '20']);

    // The OWNER's remove is disabled.
    const actions = await waitFor(() => {
      const button = within(table).getByRole('button', { name: 'Actions for Kim' });
      if (button.getAttribute('aria-disabled') === 'true' || (button as HTMLButtonElement).disabled) throw new Error('still checking permissions');
      return button;
    });
    await user.click(actions);
    const remove = await screen.findByText('Remove');
    expect(remove.closest('[aria-disabled="true"]')).not.toBeNull();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Add member' }));
    await chooseOption(user, 'saas-member-select', LEE);
    await chooseOption(user, 'saas-role-select', 'VIEWER');
    await user.click(screen.getByTestId('saas-member-form-submit'));
    await waitFor(() => expect(within(table).getByText('Lee')).toBeTruthy());
    expect(calls).toEqual([{ path: 'set-role', body: { productId: 'saas', role: 'VIEWER' } }]);

    await user.click(within(table).getByRole('button', { name: 'Actions for Lee' }));
    await user.click(await screen.findByText('Make SaaS OWNER'));
    await user.click(await screen.findByRole('button', { name: 'Make SaaS OWNER' }));
    await waitFor(() => expect(calls.at(-1)).toEqual({ path: 'set-owner', body: { productId: 'saas' } }));
    await waitFor(() => expect(within(table).getByText('Admin')).toBeTruthy());
  });

  it('opens the URL & Appkey dialog, its fields loaded when it opens (issue 16)', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({}),
      [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: () => ok(getOrgSelfRoles, orgSelfRoles('OWNER')),
      [`GET /api/cab/v5/organizations/${ORG_ID}/products/saas`]: () =>
        ok(getOrgProduct, {
          product: { productId: 'saas', productName: 'Collab', productSecretKeyCode: 'T', productUrl: null, appKey: 'AK', secretKey: 'SK', statusCode: 'STABLE', enabledDateTime: '', secretKeyIssuedDateTime: '' },
          hasUpdateSecretKeyPermission: true,
          saasRole: 'OWNER',
        }),
      [`GET /api/cab/v5/saas/organizations/${ORG_ID}/members`]: () => ok(listSaasMembers, { members: [], paging: { page: 1, limit: 20, totalCount: 0 } }),
    });
    renderConsole([{ path: '/org/:orgId/:productId', Component: OrgProductPage }], `/org/${ORG_ID}/saas`, page.english);
    await user.click(await screen.findByTestId('org-product-keys'));
    const appKey = (await screen.findByTestId('product-appkey')).querySelector('input') ?? (await screen.findByTestId('product-appkey'));
    expect((appKey as HTMLInputElement).value).toBe('AK');
  });

  it("frames the service's own page through the proxy's organization mode for a SaaS member, and tells others to join", async () => {
    const entry: ProductUi = {
      productUiId: 'saas',
      productUiName: 'Collab',
      productId: 'saas',
      parentProductUiId: null,
      productUiType: 'ORG',
      categoryName: 'collab',
      pathName: 'saas',
      tabName: null,
      authTypeCode: 'PERMISSION',
      enableType: 'DEPENDENT_ORG',
      iamLoginReturnUrl: null,
      iframeTypeCode: 'PROXY',
      isMaintenance: false,
      linkTargetCode: 'IFRAME',
      linkUrl: '/org',
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
    };
    let saasRole: 'OWNER' | 'VIEWER' | null = null;
    const { requests } = mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({}),
      [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: () => ok(getOrgSelfRoles, orgSelfRoles('OWNER')),
      'GET /api/cab/v5/product-uis/hierarchy': () => ok(getProductUiHierarchy, { productUis: [entry] }),
      [`GET /api/cab/v5/organizations/${ORG_ID}/products/saas`]: () =>
        ok(getOrgProduct, {
          product: { productId: 'saas', productName: 'Collab', productSecretKeyCode: 'T', productUrl: null, appKey: 'AK', secretKey: 'SK', statusCode: 'STABLE', enabledDateTime: '', secretKeyIssuedDateTime: '' },
          hasUpdateSecretKeyPermission: true,
          saasRole,
        }),
      [`GET /api/cab/v5/saas/organizations/${ORG_ID}/members`]: () => ok(listSaasMembers, { members: [], paging: { page: 1, limit: 20, totalCount: 0 } }),
    });
    renderConsole([{ path: '/org/:orgId/:productId', Component: OrgProductPage }], `/org/${ORG_ID}/saas`, page.english);
    // Not a SaaS member: no frame, a note saying how to join.
    const note = await screen.findByTestId('org-product-not-member');
    expect(note.textContent).toContain('Only the service\'s SaaS members open Collab.');
    expect(screen.queryByTestId('org-product-frame')).toBeNull();
    const hierarchy = requests.find((request) => request.url.pathname === '/api/cab/v5/product-uis/hierarchy');
    expect(hierarchy?.url.searchParams.get('productUiType')).toBe('ORG');
    cleanup();

    saasRole = 'VIEWER';
    renderConsole([{ path: '/org/:orgId/:productId', Component: OrgProductPage }], `/org/${ORG_ID}/saas`, page.english);
    const frame = (await screen.findByTestId('org-product-frame')) as HTMLIFrameElement;
    const src = new URL(frame.getAttribute('src')!, 'http://console.test');
    expect(src.pathname).toBe('/product-proxy/saas/org');
    expect([src.searchParams.get('orgId'), src.searchParams.get('lang'), src.searchParams.get('embedded'), src.searchParams.has('projectId')]).toEqual([ORG_ID, 'en', '1', false]);
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms allow-popups');
  });
});
