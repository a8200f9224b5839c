import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { sessionFetch } from '../session-call.ts';

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
    // The tabs are links between server-made pages: a click that meets the page while an earlier
    // form's answer replaces it (a SecretKey just saved) is lost with that page. Click again until
    // the tab is the current one.
    await expect(async () => {
      await this.tab(name).click();
      await expect(this.tab(name)).toHaveAttribute('aria-current', 'page', { timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
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

  /**
   * Pastes a SecretKey the console accepts and waits for the page to reload with it (the product
   * reloads the page once the key is saved): the page before the reload already says a key is set,
   * and a tab clicked before the reload is lost to it.
   */
  async saveSecretKey(secretKey: string) {
    const form = this.root.locator('#settings-form');
    await form.evaluate((element) => element.setAttribute('data-e2e-before-save', ''));
    await this.pasteSecretKey(secretKey);
    await expect(this.root.locator('#settings-form[data-e2e-before-save]')).toHaveCount(0, { timeout: 30_000 });
    await expect(form).toBeVisible();
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
  enable: (projectId: string) => `/api/cab/v5/projects/${projectId}/products/email/enable`,
  productInUse: (projectId: string) => `/api/cab/v5/projects/${projectId}/products/email`,
  regenerate: (appKey: string) => `/api/cab/v2.1/appkeys/${appKey}/secret-key`,
} as const;

/** Calls of the signed-in page's session (its cookies; the CSRF token echoed). */
export async function consoleCall(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: object) {
  const response = await sessionFetch(page, method, path, data, { lang: 'en_US' });
  return { status: response.status(), body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

/**
 * The console's product page (part A): /project/{projectId}/notification/email with the header
 * (title, URL & Appkey button), tabs of the sub-menus, and the product's UI in an iframe.
 * Test ids as the design names them; the lead aligns them with part A's page at the merge.
 */
