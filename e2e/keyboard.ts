import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Presses Tab until `target` (or something inside it) has the focus, at most `limit` times; fails
 * when it never does. Keyboard-only flows move with this, never with a click.
 */
export async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let count = 0; count < limit; count++) {
    if (await target.evaluate((element) => element.matches(':focus, :focus-within'))) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Tabs to `target` and presses Enter on it. */
export async function activate(page: Page, target: Locator, limit = 80) {
  await tabTo(page, target, limit);
  await page.keyboard.press('Enter');
}

/**
 * In an open list (the focused element names its highlighted option by aria-activedescendant),
 * presses ArrowDown until the highlighted option's text starts with `label`, then Enter.
 */
export async function chooseOption(page: Page, label: string, limit = 30) {
  const highlighted = async () => {
    const id = await page.locator(':focus').getAttribute('aria-activedescendant');
    return id ? ((await page.locator(`[id="${id}"]`).textContent()) ?? '') : '';
  };
  for (let count = 0; count < limit; count++) {
    if ((await highlighted()).startsWith(label)) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`no option "${label}" was reached with the arrow keys (last: "${await highlighted()}")`);
}
