import Alert from '@cloudscape-design/components/alert';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs, { type KeyValuePairsProps } from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';

/**
 * The pages a mail link opens (an invitation, a password setup): public, outside the console's
 * shell, one narrow card in the middle of the screen. `width` is the card's maximum width.
 */
function LandingFrame({ width, testId, children }: { width: number; testId?: string; children: ReactNode }) {
  return (
    <div style={{ maxWidth: width, margin: '32px auto' }} data-testid={testId}>
      {children}
    </div>
  );
}

/**
 * A landing page that cannot go on (the link is broken, the server refused it): an error alert,
 * with `action` (a way back into the console) when given.
 */
export function LandingError({
  width,
  header,
  testId,
  action,
  children,
}: {
  width: number;
  header: string;
  testId: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <LandingFrame width={width}>
      <Alert type="error" header={header} data-testid={testId} action={action}>
        {children}
      </Alert>
    </LandingFrame>
  );
}

/** A landing page's card: a title, what the link is about (`details`, in two columns), then `children`. */
export function LandingCard({
  width,
  testId,
  title,
  description,
  details,
  children,
}: {
  width: number;
  testId: string;
  title: ReactNode;
  description: ReactNode;
  details: readonly KeyValuePairsProps.Item[];
  children: ReactNode;
}) {
  return (
    <LandingFrame width={width} testId={testId}>
      <Container
        header={
          <Header variant="h1" description={description}>
            {title}
          </Header>
        }
      >
        <SpaceBetween size="l">
          <KeyValuePairs columns={2} items={[...details]} />
          {children}
        </SpaceBetween>
      </Container>
    </LandingFrame>
  );
}
