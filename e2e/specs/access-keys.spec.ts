import { DEMO, expect, signInThroughApi, test } from '../fixtures.ts';

/** Korean texts the user reads (the console's default language). */
const KO = {
  createKey: '액세스 키 생성',
  ok: '확인',
  deactivate: '비활성화',
  auditTitle: '감사 로그',
};

test.describe('API security: access keys, tokens and the audit log', () => {
  test('create a key, issue a token, call the API with it, deactivate the key, and find it all in the audit log', async ({ page, request }) => {
    test.setTimeout(90_000);
    // Signed in through the API only: the test opens its page first.
    await signInThroughApi(page, 'admin');
    await page.goto('/security-setting');
    await page.getByTestId('create-access-key').click();
    const dialog = page.getByRole('dialog');
    const keyId = (await dialog.getByTestId('new-key-id').innerText()).trim();
    const secret = (await dialog.getByTestId('new-key-secret').innerText()).trim();
    expect(keyId).toMatch(/^[A-Z0-9]{20}$/);
    await dialog.getByRole('button', { name: KO.ok }).click();
    await expect(page.getByTestId('access-keys-table')).toContainText(keyId);

    // The token endpoint is public: the key id and secret are the credential.
    // (`request` has no cookies of the page: only the token speaks for the caller.)
    const issued = await (await request.post('/api/iam/v1/tokens', { data: { userAccessKeyId: keyId, secretAccessKey: secret, expiresIn: 600 } })).json();
    expect(issued.header.isSuccessful).toBe(true);
    const call = () => request.get('/api/cab/v7/organizations', { headers: { authorization: `Bearer ${issued.accessToken}` } });
    const allowed = await call();
    expect(allowed.status()).toBe(200);
    const organizations = (await allowed.json()).orgs as { orgId: string; orgName: string }[];
    const orgId = organizations.find((org) => org.orgName === DEMO.orgName)!.orgId;

    // The tokens page lists it, used.
    await page.getByTestId(`tokens-link-${keyId}`).click();
    await expect(page.getByTestId('tokens-table')).toContainText(/활성/);
    await page.goBack();

    // Deactivating the key expires its tokens at once.
    await page.getByTestId(`toggle-${keyId}`).click();
    await page.getByRole('dialog').getByRole('button', { name: KO.deactivate }).click();
    await expect(page.getByTestId(`toggle-${keyId}`)).toHaveText('활성화');
    // The token it issued is refused now (23604), and the refusal is in the audit log below.
    const refused = await call();
    expect(refused.status()).toBe(401);
    expect((await refused.json()).header.resultCode).toBe(23604);

    // The audit log of the organization has each step.
    await page.goto(`/org/${orgId}/audit`);
    await expect(page.getByRole('heading', { name: KO.auditTitle, level: 1 })).toBeVisible();
    await page.getByTestId('audit-actor').locator('input').fill(DEMO.admin.email);
    const table = page.getByTestId('audit-table');
    for (const action of ['iam.createUserAccessKey', 'iam.issueAccessToken', 'iam.updateUserAccessKey', 'cab.listOrganizations']) {
      await expect(table).toContainText(action);
    }
    await expect(table).toContainText('23604');
  });
});
