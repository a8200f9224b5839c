import { lazy, Suspense } from 'react';
import { useModalStack } from '../../shared/ui/modals.ts';

// Cloudscape's Modal loads with the first modal, not with the console.
const ModalView = lazy(() => import('./ModalView.tsx').then((module) => ({ default: module.ModalView })));

/**
 * Shows the top of the modal stack opened through `useModal()`. The modals under it stay mounted
 * (hidden), so a confirm opened over a form modal leaves the form as it was.
 */
export function ModalHost() {
  const stack = useModalStack();
  const top = stack.at(-1);
  if (!top) return null;
  return (
    <Suspense fallback={null}>
      {stack.map((entry) => (
        <ModalView key={entry.id} entry={entry} visible={entry === top} />
      ))}
    </Suspense>
  );
}
