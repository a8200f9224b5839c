import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Project } from '@console/contracts/organizations';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import type { Permissions } from '../../../shared/permissions/use-permissions.ts';
import { modals } from '../../../shared/ui/modals.ts';
import { OwnershipPanel } from '../../../shared/ui/OwnershipPanel.tsx';
import { toasts } from '../../../shared/ui/toasts.ts';
import type { OwnershipCandidate } from '../../../shared/ui/TransferOwnershipForm.tsx';
import { ProjectDeletePanel } from './ProjectDeletePanel.tsx';
import { ProjectGeneralForm } from './ProjectGeneralForm.tsx';
import { ProjectOwnershipTransfer } from './ProjectOwnershipTransfer.tsx';

export interface ProjectSettingSectionsProps {
  readonly project: Project;
  readonly orgName: string | undefined;
  readonly permissions: Permissions;
  /** The page's dirty-form reporter (one unsaved-changes guard for every section). */
  readonly reporter: (id: string) => (dirty: boolean) => void;
  readonly leaveWithoutAsking: (navigate: () => unknown) => Promise<void>;
}

/**
 * The sections of /project/:projectId/setting (spec §2 "setting"): name and description,
 * ownership, deletion. Loaded on demand by `ProjectSettingPage` (issue 16: the forms' code is not on
 * the route's first paint).
 */
export function ProjectSettingSections({ project, orgName, permissions, reporter, leaveWithoutAsking }: ProjectSettingSectionsProps) {
  const { t } = useTranslation();
  const onTransfer = async () => {
    const newOwner = await modals.form<OwnershipCandidate>({
      header: t('project.setting.owner.transferTitle', { name: project.projectName }),
      render: ({ submit, cancel, setDirty }) => (
        <ProjectOwnershipTransfer project={project} onDone={submit} onCancel={cancel} onDirtyChange={setDirty} />
      ),
    });
    if (newOwner) {
      toasts.show({ type: 'success', content: t('ownership.transferred', { name: project.projectName, owner: newOwner.name }) });
    }
  };
  const owner = project.ownerName !== undefined ? { name: project.ownerName, email: project.ownerEmail ?? '' } : undefined;

  return (
    <SpaceBetween size="l">
      <ProjectGeneralForm project={project} check={permissions.check('Project.Setting.Update')} onDirtyChange={reporter('general')} />
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
        project={project}
        orgName={orgName}
        check={permissions.check('Project.Setting.Delete')}
        leaveWithoutAsking={leaveWithoutAsking}
      />
    </SpaceBetween>
  );
}
