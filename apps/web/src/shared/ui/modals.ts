import type { ReactNode } from 'react';
import { createStore, useStore } from '../lib/store.ts';

/** Spec §9: modals are 590 px wide unless they say otherwise. */
export const DEFAULT_MODAL_WIDTH = 590;

interface ModalBase {
  readonly header?: ReactNode;
  readonly width?: number;
  /** A stable id so an open modal of the same id is not stacked twice (e.g. the permission modal). */
  readonly key?: string;
}

export interface AlertModalOptions extends ModalBase {
  readonly content: ReactNode;
  readonly okText?: string;
}

export interface ConfirmModalOptions extends ModalBase {
  readonly content: ReactNode;
  readonly confirmText?: string;
  readonly cancelText?: string;
}

/**
 * A form modal renders its own form; it closes with a value on submit, or undefined on cancel.
 * A form that reports unsaved changes (`setDirty(true)`) is asked about before the modal is
 * dismissed with its close button, Escape or a click outside.
 */
export interface FormModalOptions<T> extends ModalBase {
  readonly render: (controls: FormModalControls<T>) => ReactNode;
}

export interface FormModalControls<T> {
  readonly submit: (value: T) => void;
  readonly cancel: () => void;
  readonly setDirty: (dirty: boolean) => void;
}

/** Anything else: the caller draws the body and footer. */
export interface CustomModalOptions<T> extends ModalBase {
  readonly render: (controls: { close: (value?: T) => void }) => ReactNode;
  readonly footer?: (controls: { close: (value?: T) => void }) => ReactNode;
}

export type ModalEntry =
  | ({ readonly id: number; readonly kind: 'alert'; readonly resolve: () => void } & AlertModalOptions)
  | ({ readonly id: number; readonly kind: 'confirm'; readonly resolve: (confirmed: boolean) => void } & ConfirmModalOptions)
  | ({ readonly id: number; readonly kind: 'form'; readonly resolve: (value: unknown) => void } & FormModalOptions<unknown>)
  | ({ readonly id: number; readonly kind: 'custom'; readonly resolve: (value: unknown) => void } & CustomModalOptions<unknown>);

/** Open modals, the last on top. */
export const modalStack = createStore<readonly ModalEntry[]>([]);

let nextId = 1;

function push<R>(make: (id: number, resolve: (value: R) => void) => ModalEntry, key?: string): Promise<R> {
  if (key && modalStack.get().some((entry) => entry.key === key)) {
    return new Promise<R>(() => {});
  }
  return new Promise<R>((resolve) => {
    const id = nextId++;
    const close = (value: R) => {
      modalStack.set((stack) => stack.filter((entry) => entry.id !== id));
      resolve(value);
    };
    modalStack.set((stack) => [...stack, make(id, close)]);
  });
}

export const modals = {
  alert(options: AlertModalOptions): Promise<void> {
    return push<void>((id, resolve) => ({ ...options, id, kind: 'alert', resolve }), options.key);
  },
  confirm(options: ConfirmModalOptions): Promise<boolean> {
    return push<boolean>((id, resolve) => ({ ...options, id, kind: 'confirm', resolve }), options.key);
  },
  form<T>(options: FormModalOptions<T>): Promise<T | undefined> {
    return push<T | undefined>(
      (id, resolve) => ({
        ...(options as FormModalOptions<unknown>),
        id,
        kind: 'form',
        resolve: resolve as (value: unknown) => void,
      }),
      options.key,
    );
  },
  custom<T>(options: CustomModalOptions<T>): Promise<T | undefined> {
    return push<T | undefined>(
      (id, resolve) => ({
        ...(options as CustomModalOptions<unknown>),
        id,
        kind: 'custom',
        resolve: resolve as (value: unknown) => void,
      }),
      options.key,
    );
  },
  closeAll(): void {
    for (const entry of modalStack.get()) {
      if (entry.kind === 'confirm') entry.resolve(false);
      else if (entry.kind === 'alert') entry.resolve();
      else entry.resolve(undefined);
    }
  },
};

export const useModalStack = (): readonly ModalEntry[] => useStore(modalStack);
/** Opens alert, confirm, form and custom modals; each answers a promise when it closes. */
export const useModal = () => modals;
