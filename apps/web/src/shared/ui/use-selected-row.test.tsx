import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { switchLocale } from '../i18n/switch-locale.ts';
import { modalStack, modals } from './modals.ts';
import { toastQueue } from './toasts.ts';
import { useSelectedRow } from './use-selected-row.ts';

interface Row {
  readonly id: string;
}
const ROW: Row = { id: 'row-1' };

beforeAll(async () => {
  await switchLocale('en_US');
});
afterEach(() => {
  modals.closeAll();
  toastQueue.set([]);
  cleanup();
});

/** The hook with ROW selected. */
function selected() {
  const hook = renderHook(() => useSelectedRow<Row>({ groupLabel: 'Rows', itemLabel: (row) => row.id }));
  act(() => hook.result.current.selectionProps.onSelectionChange({ detail: { selectedItems: [ROW] } } as never));
  expect(hook.result.current.target).toBe(ROW);
  return hook;
}

/** Answers the open confirm modal. */
async function answerConfirm(confirmed: boolean) {
  await waitFor(() => expect(modalStack.get().at(-1)?.kind).toBe('confirm'));
  const entry = modalStack.get().at(-1);
  act(() => {
    if (entry?.kind === 'confirm') entry.resolve(confirmed);
  });
}

describe('useSelectedRow', () => {
  it('names the selection for screen readers', () => {
    const { result } = renderHook(() => useSelectedRow<Row>({ groupLabel: 'Rows', itemLabel: (row) => row.id }));
    const labels = result.current.selectionProps.ariaLabels;
    expect(labels.selectionGroupLabel).toBe('Rows');
    expect(labels.allItemsSelectionLabel()).toBe('Rows');
    expect(labels.itemSelectionLabel({ selectedItems: [] }, ROW)).toBe('row-1');
    expect(result.current.target).toBeUndefined();
  });

  it('runs nothing when the user does not confirm', async () => {
    const hook = selected();
    const task = vi.fn(() => Promise.resolve());
    const running = hook.result.current.run({ confirm: { header: 'Delete?', content: 'Sure?' }, task, done: 'Deleted', failed: 'Not deleted' });
    await answerConfirm(false);
    await act(() => running);
    expect(task).not.toHaveBeenCalled();
    expect(hook.result.current.target).toBe(ROW);
    expect(toastQueue.get()).toEqual([]);
  });

  it('once confirmed, runs the change, clears the selection and toasts', async () => {
    const hook = selected();
    const task = vi.fn(() => Promise.resolve());
    const running = hook.result.current.run({ confirm: { header: 'Delete?', content: 'Sure?' }, task, done: 'Deleted', failed: 'Not deleted' });
    await answerConfirm(true);
    await act(() => running);
    expect(task).toHaveBeenCalledOnce();
    expect(hook.result.current.target).toBeUndefined();
    expect(toastQueue.get().map((toast) => [toast.type, toast.content])).toEqual([['success', 'Deleted']]);
  });

  it('when the change fails, keeps the selection and shows why in an alert', async () => {
    const hook = selected();
    const running = hook.result.current.run({ task: () => Promise.reject(new Error('boom')), done: 'Deleted', failed: 'Not deleted' });
    await waitFor(() => expect(modalStack.get().at(-1)?.kind).toBe('alert'));
    const alert = modalStack.get().at(-1);
    expect(alert).toMatchObject({ kind: 'alert', header: 'Not deleted', content: i18n.t('errors.api.generic') });
    act(() => {
      if (alert?.kind === 'alert') alert.resolve();
    });
    await act(() => running);
    expect(hook.result.current.target).toBe(ROW);
    expect(toastQueue.get()).toEqual([]);
  });
});
