import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdUntilPagePainted, markPagePainted } from '../lib/page-painted.ts';
import { forgetLoadedMenuCode, MenuButton } from './MenuButton.tsx';

// requestIdleCallback stays stubbed (each test stubs its own) until the file ends: Cloudscape's
// missing-styles check calls it from a 1 s timer that outlives the test (src/test/file-isolation.ts).
afterEach(() => {
  cleanup();
});

const items = [
  { id: 'theme', text: 'Theme', items: [{ id: 'theme-dark', text: 'Dark' }] },
  { id: 'sign-out', text: 'Sign out' },
];

/** MenuButton as on a page just opened (its ButtonDropdown not loaded yet), with idle time that never comes unless `idle()` is called. */
function freshMenuButton() {
  let idle: (() => void) | undefined;
  vi.stubGlobal('requestIdleCallback', (task: () => void) => {
    idle = task;
    return 1;
  });
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  forgetLoadedMenuCode();
  return { idle: () => act(() => idle?.()) };
}

const trigger = () => screen.getByTestId('my-menu');
const isReal = () => trigger().closest('[class*="awsui_button-dropdown"]') !== null;

describe('MenuButton: a ButtonDropdown whose code loads after the first paint', () => {
  it("draws ButtonDropdown's trigger until the code arrives: same name, aria-haspopup, aria-expanded=false, native attributes", async () => {
    freshMenuButton();
    render(
      <MenuButton ariaLabel="Kim Owner, My menu" items={items} nativeTriggerAttributes={{ 'data-testid': 'my-menu' }}>
        Kim Owner
      </MenuButton>,
    );
    const placeholder = trigger();
    expect(isReal()).toBe(false);
    expect(placeholder.tagName).toBe('BUTTON');
    expect(placeholder.getAttribute('aria-label')).toBe('Kim Owner, My menu');
    expect(placeholder.getAttribute('aria-haspopup')).toBe('true');
    expect(placeholder.getAttribute('aria-expanded')).toBe('false');
    expect(placeholder.textContent).toBe('Kim Owner');
    // No menu yet.
    expect(screen.queryByText('Sign out')).toBeNull();
  });

  it('loads on idle and swaps in the real ButtonDropdown with the same trigger, keeping the focus on it', async () => {
    const { idle } = freshMenuButton();
    render(
      <MenuButton ariaLabel="Kim Owner, My menu" items={items} nativeTriggerAttributes={{ 'data-testid': 'my-menu' }}>
        Kim Owner
      </MenuButton>,
    );
    trigger().focus();
    idle();
    await waitFor(() => expect(isReal()).toBe(true), { timeout: 10_000 });
    expect(trigger().getAttribute('aria-label')).toBe('Kim Owner, My menu');
    expect(trigger().getAttribute('aria-haspopup')).toBe('true');
    expect(document.activeElement).toBe(trigger());
  });

  it('opens the menu once the code has arrived when the trigger was clicked before, and the items work', async () => {
    freshMenuButton();
    const onItemClick = vi.fn();
    render(
      <MenuButton ariaLabel="Kim Owner, My menu" items={items} onItemClick={onItemClick} nativeTriggerAttributes={{ 'data-testid': 'my-menu' }}>
        Kim Owner
      </MenuButton>,
    );
    const user = userEvent.setup();
    // The click reaches the placeholder (the code is requested by it, not before).
    fireEvent.click(trigger());
    const signOut = await screen.findByText('Sign out', undefined, { timeout: 10_000 });
    expect(isReal()).toBe(true);
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    // The focus is in the open menu (its first item), as when ButtonDropdown is opened with the keyboard.
    expect(document.activeElement?.getAttribute('role')).toBe('menuitem');
    await user.click(signOut);
    expect(onItemClick).toHaveBeenCalledWith(expect.objectContaining({ detail: expect.objectContaining({ id: 'sign-out' }) }));
  });

  it("on the document's first page, waits for the page to be shown before it waits for idle time (none of the code before the page's header)", async () => {
    let idleTask: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (task: () => void) => {
      idleTask = task;
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    forgetLoadedMenuCode();
    holdUntilPagePainted();
    try {
      render(
        <MenuButton ariaLabel="Kim Owner, My menu" items={items} nativeTriggerAttributes={{ 'data-testid': 'my-menu' }}>
          Kim Owner
        </MenuButton>,
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(idleTask).toBeUndefined();
      act(() => markPagePainted());
      expect(idleTask).toBeDefined();
      act(() => idleTask?.());
    } finally {
      markPagePainted();
    }
    await waitFor(() => expect(isReal()).toBe(true), { timeout: 10_000 });
  });
});
