import type { ReactNode } from 'react';
import { createStore, useStore } from '../lib/store.ts';

/** Spec §9: each toast shows for 5 s. */
export const TOAST_DURATION_MS = 5_000;

export interface Toast {
  readonly id: number;
  readonly type: 'success' | 'error' | 'warning' | 'info';
  readonly content: ReactNode;
  readonly header?: ReactNode;
}

/** Toasts wait in a queue and show one at a time (spec §4). */
export const toastQueue = createStore<readonly Toast[]>([]);

let nextId = 1;

export const toasts = {
  show(toast: Omit<Toast, 'id'>): number {
    const id = nextId++;
    toastQueue.set((queue) => [...queue, { ...toast, id }]);
    return id;
  },
  dismiss(id: number): void {
    toastQueue.set((queue) => queue.filter((toast) => toast.id !== id));
  },
  clear(): void {
    toastQueue.set([]);
  },
};

export const useToastQueue = (): readonly Toast[] => useStore(toastQueue);
export const useToast = () => toasts;
