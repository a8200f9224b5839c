import Alert from '@cloudscape-design/components/alert';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useUnsavedChangesGuard } from '../../../shared/form/use-unsaved-changes.ts';
import { useDirtyForms } from '../../../shared/hooks/use-dirty-forms.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { OwnershipPanel } from '../../../shared/ui/OwnershipPanel.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { modals } from '../../../shared/ui/modals.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import type { OwnershipCandidate } from '../../../shared/ui/TransferOwnershipForm.tsx';
import { ProjectOwnershipTransfer } from '../components/ProjectOwnershipTransfer.tsx';
import { organizationQuery } from '../../../data/organizations/queries.ts';
import { projectQuery } from '../../../data/projects/queries.ts';
import { ProjectDeletePanel } from '../components/ProjectDeletePanel.tsx';
import { ProjectGeneralForm } from '../components/ProjectGeneralForm.tsx';

/** /project/:projectId/setting (spec §2 "setting", project management): name, description, ownership, deletion. */
export function ProjectSettingPage() {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  const project = useQuery(projectQuery(projectId));
  const orgId = project.data?.projectOrgId;
  const org = useQuery({ ...organizationQuery(orgId ?? ''), enabled: orgId !== undefined });
  const permissions = usePermissions({ projectId });
  const dirtyForms = useDirtyForms();
  const { leaveWithoutAsking } = useUnsavedChangesGuard(dirtyForms.anyDirty);
  useDocumentTitle(
    project.data ? `${project.data.projectName} - ${t('project.setting.title')}` : t('project.setting.title'),
  );

  const updateCheck = permissions.check('Project.Setting.Update');

  if (project.isPending) return <PageSpinner />;
  if (project.isError) return <ErrorState error={project.error} onRetry={() => void project.refetch()} />;
  const data = project.data;
  const onTransfer = async () => {
    const newOwner = await modals.form<OwnershipCandidate>({
      header: t('project.setting.owner.transferTitle', { name: data.projectName }),
      render: ({ submit, cancel, setDirty }) => (
        <ProjectOwnershipTransfer project={data} onDone={submit} onCancel={cancel} onDirtyChange={setDirty} />
      ),
    });
    if (newOwner) {
      toasts.show({ type: 'success', content: t('ownership.transferred', { name: data.projectName, owner: newOwner.name }) });
    }
  };
  const owner = data.ownerName !== undefined ? { name: data.ownerName, email: data.ownerEmail ?? '' } : undefined;

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('project.setting.description', { name: data.projectName })}>
          {t('project.setting.title')}
        </Header>
      }
    >
      <div data-testid="project-setting-page">
        <SpaceBetween size="l">
          {!updateCheck.allowed && !updateCheck.loading ? (
            <Alert type="info" data-testid="project-setting-read-only">
              {t('project.setting.readOnly', { reason: updateCheck.reason ?? '' })}
            </Alert>
          ) : null}
          <ProjectGeneralForm
            project={data}
            check={updateCheck}
            onDirtyChange={dirtyForms.reporter('general')}
          />
          <OwnershipPanel
            testId="project-ownership"
            title={t('project.setting.owner.title')}
            description={t('project.setting.owner.description')}
            ownerLabel={t('project.setting.owner.current')}
            owner={owner}
            transferText={t('project.setting.owner.transfer')}
            check={permissions.check('Project.Owner.Update')}
            onTransfer={() => void onTransfer()}
          />
          <ProjectDeletePanel
            project={data}
            orgName={org.data?.orgName}
            check={permissions.check('Project.Setting.Delete')}
            leaveWithoutAsking={leaveWithoutAsking}
          />
        </SpaceBetween>
      </div>
    </ContentLayout>
  );
}
