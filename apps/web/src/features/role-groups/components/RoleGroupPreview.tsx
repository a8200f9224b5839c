import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { RoleGroupPreview as Preview } from '@console/contracts/role-groups';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { permissionText } from '../lib/permission-text.ts';

type PreviewMember = Preview['members'][number];

function PermissionList({ permissions, testId }: { permissions: readonly string[]; testId: string }) {
  const { t } = useTranslation();
  if (permissions.length === 0) return <Box color="text-status-inactive">{t('roleGroups.preview.none')}</Box>;
  return (
    <ul style={{ margin: 0, paddingInlineStart: 16 }} data-testid={testId}>
      {permissions.map((permission) => (
        <li key={permission} title={permission}>
          {permissionText(t, permission)}
        </li>
      ))}
    </ul>
  );
}

/** Who the save gives the group to and takes it from, by projectMemberUuid. */
export interface HolderChange {
  readonly assigned: ReadonlySet<string>;
  readonly unassigned: ReadonlySet<string>;
}
const NO_HOLDER_CHANGE: HolderChange = { assigned: new Set(), unassigned: new Set() };

/** The columns of the preview table: member (marked when newly assigned or taken out), project (common groups), gains and losses in words. */
function previewColumns(t: TFunction, showProject: boolean, holders: HolderChange): TableProps.ColumnDefinition<PreviewMember>[] {
  return [
    {
      id: 'member',
      header: t('roleGroups.preview.member'),
      cell: (item) => (
        <SpaceBetween size="xxxs">
          <Box fontWeight="bold">{item.name}</Box>
          <Box variant="small">{item.email}</Box>
          {holders.assigned.has(item.projectMemberUuid) ? (
            <span data-testid="role-group-preview-assigned">
              <Badge color="green">{t('roleGroups.preview.assigned')}</Badge>
            </span>
          ) : holders.unassigned.has(item.projectMemberUuid) ? (
            <span data-testid="role-group-preview-unassigned">
              <Badge color="grey">{t('roleGroups.preview.unassigned')}</Badge>
            </span>
          ) : null}
        </SpaceBetween>
      ),
      isRowHeader: true,
    },
    ...(showProject ? [{ id: 'project', header: t('roleGroups.preview.project'), cell: (item: PreviewMember) => item.projectName }] : []),
    {
      id: 'gained',
      header: t('roleGroups.preview.gained'),
      cell: (item) => <PermissionList permissions={item.gained} testId="role-group-preview-gained" />,
    },
    {
      id: 'lost',
      header: t('roleGroups.preview.lost'),
      cell: (item) => <PermissionList permissions={item.lost} testId="role-group-preview-lost" />,
    },
  ];
}

/**
 * What saving a role group changes (spec issue 5 "preview"): per member who holds it, before or
 * after the save (members the form newly assigns or takes out are marked), the permissions gained
 * and lost (in words), a warning for each project that would be left without an ADMIN, and how
 * many members the save newly assigns. Shown in the confirm dialog before saving.
 */
export function RoleGroupPreview({
  preview,
  holders = NO_HOLDER_CHANGE,
  showProject,
}: {
  preview: Preview;
  holders?: HolderChange | undefined;
  showProject: boolean;
}) {
  const { t } = useTranslation();
  const moved = (member: PreviewMember) => holders.assigned.has(member.projectMemberUuid) || holders.unassigned.has(member.projectMemberUuid);
  const changed = preview.members.filter((member) => member.gained.length > 0 || member.lost.length > 0 || moved(member));
  return (
    <SpaceBetween size="m">
      <div data-testid="role-group-preview">
        <Box variant="p">{t('roleGroups.preview.intro')}</Box>
      </div>
      {preview.warnings.map((warning) => (
        <Alert key={`${warning.code}-${warning.projectId}`} type="warning" header={t('roleGroups.preview.withoutAdminTitle')}>
          <span data-testid="role-group-preview-warning">{t('roleGroups.preview.withoutAdmin', { project: warning.projectName })}</span>
        </Alert>
      ))}
      {preview.members.length === 0 ? (
        <Box data-testid="role-group-preview-nobody">{t('roleGroups.preview.nobody')}</Box>
      ) : changed.length === 0 ? (
        <Box data-testid="role-group-preview-no-change">{t('roleGroups.preview.noChange')}</Box>
      ) : (
        <Table<PreviewMember>
          data-testid="role-group-preview-table"
          variant="embedded"
          items={changed}
          trackBy={(item) => `${item.projectId}:${item.projectMemberUuid}`}
          columnDefinitions={previewColumns(t, showProject, holders)}
        />
      )}
      {holders.assigned.size > 0 ? (
        <Box data-testid="role-group-preview-new-members">{t('roleGroups.preview.newMembers', { count: holders.assigned.size })}</Box>
      ) : null}
    </SpaceBetween>
  );
}
