import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import type { ProjectMember } from '@console/contracts/members';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useServerPages } from '../../../shared/ui/use-server-pages.tsx';
import { useTablePreferences } from '../../../shared/ui/use-table-preferences.tsx';
import { useNavigate, useParams } from 'react-router';
import { apiErrorMessage } from '../../../shared/i18n/api-error-message.ts';
import type { Formatters } from '../../../shared/i18n/format.ts';
import { useFormatters } from '../../../shared/i18n/LocaleProvider.tsx';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { modals } from '../../../shared/ui/modals.ts';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { progress } from '../../../shared/ui/progress.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { roleLabel } from '../../../shared/permissions/role-names.ts';
import { useRemoveProjectMemberMutation } from '../../../data/members/mutations.ts';
import { projectMembersQuery } from '../../../data/members/queries.ts';
import { projectRolesText } from './member-labels.ts';
import { PROJECT_MEMBER_KIND_PATH } from './project-member-kind.ts';
import { ImportEntryButton } from '../../../widgets/imports/ImportEntryButton.tsx';
import { paths } from '../../../shared/paths.ts';
import { TableHeader } from '../../../shared/ui/TableHeader.tsx';

const PAGE_SIZE = 20;

/** The project's members table (the page's part after its header, issue 16): search, pages, remove, and the add and modify actions. */
export function ProjectMembersList() {
  const { t } = useTranslation();
  const format = useFormatters();
  const { projectId = '' } = useParams();
  const navigate = useNavigate();
  const permissions = usePermissions({ projectId });
  const listCheck = permissions.check('Project.Member.List');
  const createCheck = permissions.check('Project.Member.Create');
  const iamCreateCheck = permissions.check('Project.Member.Create', 'Project.Member.Iam.Create');
  const updateCheck = permissions.check('Project.Member.Update');
  const iamUpdateCheck = permissions.check('Project.Member.Update', 'Project.Member.Iam.Update');
  const cloudDeleteCheck = permissions.check('Project.Member.Delete');
  const iamDeleteCheck = permissions.check('Project.Member.Delete', 'Project.Member.Iam.Delete');
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  const columns = projectMemberColumns(t, format);
  const prefs = useTablePreferences({ tableId: 'project-members', columns, alwaysVisible: ['name'], hiddenByDefault: ['email'], defaultPageSize: PAGE_SIZE });
  const { requestedPage, setPage, tableProps } = useServerPages(prefs.pageSize);
  const [selected, setSelected] = useState<ProjectMember[]>([]);
  const members = useQuery({
    ...projectMembersQuery(projectId, { page: requestedPage, limit: prefs.pageSize, ...(term ? { nameLike: term } : {}) }),
    enabled: listCheck.allowed,
  });
  const remove = useRemoveProjectMemberMutation(projectId);
  const totalCount = members.data?.paging.totalCount ?? 0;
  const target = selected[0];
  const ownerReason = target?.isProjectOwner ? t('projectMembers.ownerNot') : undefined;

  const modifyCheck = target?.memberType === 'IAM' ? iamUpdateCheck : updateCheck;
  const deleteCheck = target?.memberType === 'IAM' ? iamDeleteCheck : cloudDeleteCheck;
  const projectPath = paths.project(projectId);
  const onModify = (member: ProjectMember) =>
    void navigate(projectPath.memberModify(PROJECT_MEMBER_KIND_PATH[member.memberType], member.projectMemberUuid));

  const onRemove = async (member: ProjectMember) => {
    const confirmed = await modals.confirm({
      header: t('projectMembers.remove.title'),
      content: t('projectMembers.remove.content', { name: member.name }),
      confirmText: t('members.remove.button'),
    });
    if (!confirmed) return;
    try {
      await progress.track(remove.mutateAsync(member.projectMemberUuid));
      setSelected([]);
      toasts.show({ type: 'success', content: t('projectMembers.remove.done', { name: member.name }) });
    } catch (error) {
      await modals.alert({ header: t('members.remove.failed'), content: apiErrorMessage(error, t) });
    }
  };

  let body;
  if (listCheck.loading) body = <PageSpinner />;
  else if (!listCheck.allowed) {
    body = (
      <Alert type="info" data-testid="project-members-denied">
        {t('members.denied', { reason: listCheck.reason ?? '' })}
      </Alert>
    );
  } else if (members.isError) body = <ErrorState error={members.error} onRetry={() => void members.refetch()} />;
  else {
    body = (
      <Table<ProjectMember>
        data-testid="project-members-table"
        header={
          <TableHeader
            count={members.data ? totalCount : undefined}
            actions={
              <>
                <Button
                  disabled={!target || target.isProjectOwner || !deleteCheck.allowed}
                  disabledReason={deleteCheck.reason ?? ownerReason}
                  onClick={() => target && void onRemove(target)}
                  data-testid="project-member-remove"
                >
                  {t('members.remove.button')}
                </Button>
                <Button
                  disabled={!target || !modifyCheck.allowed}
                  disabledReason={modifyCheck.reason}
                  onClick={() => target && onModify(target)}
                  data-testid="project-member-modify"
                >
                  {t('members.modify.button')}
                </Button>
                <ImportEntryButton type="PROJECT_MEMBER" scopeId={projectId} />
                <ButtonDropdown
                  variant="primary"
                  disabled={!createCheck.allowed}
                  disabledReason={createCheck.reason}
                  items={[
                    { id: 'project-member-add-cloud', text: t('projectMembers.add.cloud') },
                    {
                      id: 'project-member-add-iam',
                      text: t('projectMembers.add.iam'),
                      disabled: !iamCreateCheck.allowed,
                      disabledReason: iamCreateCheck.reason,
                    },
                  ]}
                  onItemClick={({ detail }) =>
                    void navigate(projectPath.memberAdd(detail.id === 'project-member-add-iam' ? 'iam' : 'cloud'))
                  }
                  data-testid="project-member-add"
                >
                  {t('projectMembers.add.button')}
                </ButtonDropdown>
              </>
            }
          >
            {t('projectMembers.title')}
          </TableHeader>
        }
        filter={
          <TextFilter
            filteringText={typed}
            filteringPlaceholder={t('projectMembers.search')}
            filteringAriaLabel={t('projectMembers.search')}
            onChange={({ detail }) => setTyped(detail.filteringText)}
            onDelayedChange={({ detail }) => {
              setTerm(detail.filteringText.trim());
              setPage(1);
            }}
            data-testid="project-members-search"
          />
        }
        {...tableProps(members, members.data?.projectMembers, totalCount, t('members.empty'))}
        trackBy="projectMemberUuid"
        selectionType="single"
        selectedItems={selected}
        onSelectionChange={({ detail }) => setSelected(detail.selectedItems)}
        ariaLabels={{
          selectionGroupLabel: t('projectMembers.title'),
          itemSelectionLabel: (_data, item) => item.email,
          allItemsSelectionLabel: () => t('projectMembers.title'),
        }}
        columnDefinitions={columns}
        {...prefs.tableProps}
      />
    );
  }

  return body;
}

function projectMemberColumns(t: TFunction, format: Formatters): TableProps.ColumnDefinition<ProjectMember>[] {
  return [
    {
      id: 'name',
      header: t('members.columns.name'),
      cell: (item) =>
        item.isProjectOwner ? `${item.name} (${roleLabel(t, { category: 'PROJECT_ROLE', roleName: 'OWNER' })})` : item.name,
    },
    { id: 'id', header: t('projectMembers.columns.id'), cell: (item) => item.userCode ?? item.email },
    { id: 'email', header: t('members.columns.email'), cell: (item) => item.email },
    { id: 'type', header: t('projectMembers.columns.type'), cell: (item) => t(`projectMembers.type.${item.memberType}`) },
    { id: 'roles', header: t('members.columns.roles'), cell: (item) => projectRolesText(t, item.projectMemberRoleCodeList) },
    {
      id: 'role-groups',
      header: t('roleGroups.memberColumn'),
      cell: (item) => (item.projectMemberRoleGroups ?? []).map((group) => group.roleGroupName).join(', ') || '-',
    },
    { id: 'status', header: t('members.columns.status'), cell: (item) => t(`members.status.${item.memberStatusCode}`) },
    { id: 'joined', header: t('projectMembers.columns.added'), cell: (item) => format.dateTime(item.regDateTime) },
  ];
}
