import Alert from '@cloudscape-design/components/alert';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import type { PermissionCheck } from '../permissions/use-permissions.ts';

interface SettingsPageFrameProps {
  /** Names the page for tests: `${testId}-page` on its content, `${testId}-read-only` on the notice. */
  readonly testId: string;
  readonly title: string;
  readonly description: string;
  /** The page's update permission: while the engine refuses it, a notice above the sections says why. */
  readonly updateCheck: PermissionCheck;
  /** The notice's text for the refusal's reason (each page words it for what it manages). */
  readonly readOnlyText: (reason: string) => string;
  /** The page's sections, each saving on its own. */
  readonly children: ReactNode;
}

/**
 * The frame of a settings page (an organization's, a project's): its h1 and description, the
 * read-only notice for a caller who may look but not change, and the sections below. Nothing is
 * said while the permissions load, so a caller who may change things never sees the notice flash.
 */
export function SettingsPageFrame({ testId, title, description, updateCheck, readOnlyText, children }: SettingsPageFrameProps) {
  const readOnly = !updateCheck.allowed && !updateCheck.loading;
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={description}>
          {title}
        </Header>
      }
    >
      <div data-testid={`${testId}-page`}>
        <SpaceBetween size="l">
          {readOnly ? (
            <Alert type="info" data-testid={`${testId}-read-only`}>
              {readOnlyText(updateCheck.reason ?? '')}
            </Alert>
          ) : null}
          {children}
        </SpaceBetween>
      </div>
    </ContentLayout>
  );
}
