import { expect, type APIRequestContext, type FrameLocator, type Locator, type Page } from '@playwright/test';

/**
 * The sample product Notification > Email's own pages (apps/products/email), inside the console's
 * iframe (a FrameLocator) or opened directly at its proxy URL (the Page itself). Its texts follow
 * the `lang` parameter; these helpers go by element ids, not texts.
 */
export class EmailProductUi {
  private readonly root: Page | FrameLocator;

  constructor(root: Page | FrameLocator) {
    this.root = root;
  }

  tab(name: 'send' | 'history' | 'settings'): Locator {
    return this.root.locator(`nav.tabs a[data-tab="${name}"]`);
  }

  async openTab(name: 'send' | 'history' | 'settings') {
    await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute('aria-current', 'page');
  }

  alert(): Locator {
    return this.root.locator('#alert');
  }

  fieldError(field: string): Locator {
    return this.root.locator(`#${field}-error`);
  }

  appKey(): Locator {
    return this.root.locator('#appKey');
  }

  keyState(): Locator {
    return this.root.locator('.key-state');
  }

  async pasteSecretKey(secretKey: string) {
    await this.root.locator('#secretKey').fill(secretKey);
    await this.root.locator('#settings-form button[type=submit]').click();
  }

  async send(mail: { to: string[]; subject: string; body: string; sender?: string }) {
    if (mail.sender !== undefined) await this.root.locator('#senderAddress').fill(mail.sender);
    await this.root.locator('#receiverList').fill(mail.to.join(', '));
    await this.root.locator('#title').fill(mail.subject);
    await this.root.locator('#body').fill(mail.body);
    await this.root.locator('#send-form button[type=submit]').click();
  }

  /** The sent list's rows of one recipient (newest first). */
  sentRows(to: string): Locator {
    return this.root.locator('table.mails tbody tr').filter({ has: this.root.locator('td', { hasText: to }) });
  }

  /** The link to Settings the page shows when the console refuses the kept SecretKey. */
  settingsLinkInAlert(): Locator {
    return this.alert().locator('a[data-tab="settings"]');
  }
}

/** The proxy address of a product page, as the console's product page frames it (services-design.md). */
export const productProxyUrl = (projectId: string, path: string, lang: 'ko' | 'en' | 'ja' | 'zh' = 'en', theme: 'light' | 'dark' = 'light') =>
  `/product-proxy/email${path}?projectId=${projectId}&lang=${lang}&theme=${theme}`;

/**
 * The console's calls the flow needs that part A (services core) provides: enabling a service in a
 * project and the product in use with its Appkey and SecretKey (spec §7 "Enable", "Product in
 * use", "PUT appkeys v2.1/{appKey}/secret-key"). The paths are spec §7's on the cab service; the
 * lead aligns them with part A's contracts at the merge.
 */
export const CONSOLE_SERVICE_CALLS = {
  enable: (projectId: string) => `/api/cab/v1/projects/${projectId}/products/email/enable`,
  productInUse: (projectId: string) => `/api/cab/v1/projects/${projectId}/products/email`,
  regenerate: (appKey: string) => `/api/cab/v2.1/appkeys/${appKey}/secret-key`,
} as const;

/** Calls of the signed-in page's session (its cookies; the CSRF token echoed). */
export async function consoleCall(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: object) {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrfToken')?.value ?? '';
  const request: APIRequestContext = page.request;
  const response = await request.fetch(path, { method, headers: { 'x-csrf-token': csrf, lang: 'en_US' }, ...(data ? { data } : {}) });
  return { status: response.status(), body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

/**
 * The console's product page (part A): /project/{projectId}/notification/email with the header
 * (title, URL & Appkey button), tabs of the sub-menus, and the product's UI in an iframe.
 * Test ids as the design names them; the lead aligns them with part A's page at the merge.
 */
export class ConsoleProductPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async open(projectId: string, tab?: 'send' | 'history' | 'settings') {
    await this.page.goto(`/project/${projectId}/notification/email${tab ? `#${tab}` : ''}`);
    await expect(this.page.getByTestId('product-page')).toBeVisible();
  }

  frame(): FrameLocator {
    return this.page.frameLocator('[data-testid="product-frame"]');
  }

  ui(): EmailProductUi {
    return new EmailProductUi(this.frame());
  }

  async openTab(name: string) {
    await this.page.getByTestId('product-tabs').getByRole('tab', { name }).click();
  }

  /** Opens the URL & Appkey modal and reads the Appkey and SecretKey. */
  async readKeys(): Promise<{ appKey: string; secretKey: string }> {
    await this.page.getByTestId('product-appkey-button').click();
    const modal = this.page.getByTestId('appkey-modal');
    await expect(modal).toBeVisible();
    const appKey = (await modal.getByTestId('appkey-value').textContent())!.trim();
    const secretKey = (await modal.getByTestId('secretkey-value').textContent())!.trim();
    return { appKey, secretKey };
  }

  /** Regenerates the SecretKey in the open modal (after its warning) and answers the new one. */
  async regenerateSecretKey(): Promise<string> {
    const modal = this.page.getByTestId('appkey-modal');
    const before = (await modal.getByTestId('secretkey-value').textContent())!.trim();
    await modal.getByTestId('secretkey-regenerate').click();
    await this.page.getByTestId('secretkey-regenerate-confirm').click();
    await expect(modal.getByTestId('secretkey-value')).not.toHaveText(before);
    return (await modal.getByTestId('secretkey-value').textContent())!.trim();
  }

  async closeKeys() {
    await this.page.getByTestId('appkey-modal').getByRole('button', { name: /닫기|Close/ }).first().click();
  }
}

/** The project's services list (part A): enable and disable with the consent check. */
export class ProjectServicesPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async open(projectId: string) {
    await this.page.goto(`/project/${projectId}/services`);
    await expect(this.page.getByTestId('project-services-page')).toBeVisible();
  }

  service(productId: string): Locator {
    return this.page.getByTestId(`service-${productId}`);
  }

  async enable(productId: string) {
    await this.service(productId).getByTestId('service-enable').click();
    await this.page.getByTestId('service-enable-confirm').click();
    await expect(this.service(productId).getByTestId('service-status')).toHaveAttribute('data-status', 'ENABLED');
  }

  async disable(productId: string) {
    await this.service(productId).getByTestId('service-disable').click();
    const dialog = this.page.getByTestId('service-disable-dialog');
    await expect(dialog.getByTestId('service-disable-confirm')).toBeDisabled();
    await dialog.getByTestId('service-disable-consent').click();
    await dialog.getByTestId('service-disable-confirm').click();
    await expect(this.service(productId).getByTestId('service-status')).toHaveAttribute('data-status', 'DISABLED');
  }

  /** The project's left menu lists the services in use. */
  leftMenuEntry(name: string): Locator {
    return this.page.getByTestId('side-navigation').getByRole('link', { name });
  }
}
