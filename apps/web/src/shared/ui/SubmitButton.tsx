import Button from '@cloudscape-design/components/button';
import type { ReactNode } from 'react';

/** A form's primary submit button, busy (and not pressable again) while the form is being sent. */
export function SubmitButton({ pending, testId, children }: { pending: boolean; testId: string; children: ReactNode }) {
  return (
    <Button variant="primary" formAction="submit" loading={pending} disabled={pending} nativeButtonAttributes={{ 'data-testid': testId }}>
      {children}
    </Button>
  );
}
