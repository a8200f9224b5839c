import Button from '@cloudscape-design/components/button';
import Multiselect from '@cloudscape-design/components/multiselect';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { IamMember, IamMemberStatus } from '@console/contracts/iam';
import { IAM_MEMBER_STATUSES } from '@console/contracts/iam-constants';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import type { FieldSearchOption } from '../../../shared/ui/FieldSearch.tsx';
import { useSearchedTable } from '../../../shared/ui/use-searched-table.tsx';
import type { Formatters } from '../../../shared/i18n/format.ts';
import { useFormatters, useLocale } from '../../../shared/i18n/LocaleProvider.tsx';
import type { PermissionCheck, Permissions } from '../../../shared/permissions/use-permissions.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { modals } from '../../../shared/ui/modals.ts';
import { RouterButton } from '../../../shared/ui/RouterButton.tsx';
import { toasts } from '../../../shared/ui/toasts.ts';
import { useSelectedRow } from '../../../shared/ui/use-selected-row.ts';
import {
  useCreateIamMemberMutation,
  useDeleteIamMemberMutation,
  useIamMemberStatusMutation,
  useSendPasswordSetupMailMutation,
} from '../../../data/iam/mutations.ts';
import { iamMembersQuery } from '../../../data/iam/queries.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';
import { paths } from '../../../shared/paths.ts';
import { TableHeader } from '../../../shared/ui/TableHeader.tsx';

/** The creation form opens in a modal: loaded then (with the form library), not with the list. */
const IamAccountForm = onDemand(() => import('../../../shared/iam/IamAccountForm.tsx').then((m) => m.IamAccountForm));

const PAGE_SIZE = 20;
type SearchField = 'userCodeLike' | 'nameLike' | 'emailLike';
const STATUS_TYPES: Record<IamMemberStatus, StatusIndicatorProps.Type> = { STABLE: 'success', BLOCKED: 'stopped', LEAVED: 'stopped' };

const SORT_FIELDS = ['userCode', 'name', 'email', 'lastAccessedDateTime'] as const;

/** An organization's IAM accounts: filters and paging on the server, and what may be done to each. */
export function IamAccountsTable({ orgId, permissions }: { orgId: string; permissions: Permissions }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { locale } = useLocale();
  const [statuses, setStatuses] = useState<IamMemberStatus[]>(['STABLE', 'BLOCKED']);
  const columns = iamColumns(t, format);
  const table = useSearchedTable<IamMember, SearchField, (typeof SORT_FIELDS)[number]>({
    tableId: 'iam-accounts',
    columns,
    alwaysVisible: ['userCode'],
    defaultPageSize: PAGE_SIZE,
    searchField: 'userCodeLike',
    sortFields: SORT_FIELDS,
    initialSort: { field: 'userCode' },
  });
  const { target, selectionProps, run } = useSelectedRow<IamMember>({ groupLabel: t('iam.title'), itemLabel: (item) => item.userCode });
  const accounts = useQuery(
    iamMembersQuery(orgId, { page: table.requestedPage, size: table.pageSize, statuses, sort: table.sort, ...table.filter }),
  );
  const create = useCreateIamMemberMutation(orgId);
  const status = useIamMemberStatusMutation(orgId);
  const remove = useDeleteIamMemberMutation(orgId);
  const passwordMail = useSendPasswordSetupMailMutation(orgId);
  const totalCount = accounts.data?.result.totalCount ?? 0;

  const createCheck = permissions.check('Organization.Member.Iam.Create');
  const updateCheck = permissions.check('Organization.Member.Iam.Update');
  const deleteCheck = permissions.check('Organization.Member.Iam.Delete');
  /** Why the selected account cannot be changed here, besides the caller's roles. */
  const targetReason = !target
    ? undefined
    : target.accountType === 'SSO'
      ? t('iam.ssoNotEditable')
      : target.status === 'LEAVED'
        ? t('iam.leftNotEditable')
        : undefined;
  /** A button that changes the selected account: off without a selection, the right roles, or a changeable account. */
  const changeGate = (check: PermissionCheck) => ({
    disabled: !(check.allowed && target !== undefined && targetReason === undefined),
    disabledReason: check.reason ?? targetReason,
  });
  /** A suspended account is allowed again; any other is suspended. */
  const statusChange =
    target?.status === 'BLOCKED' ? ({ key: 'allow', status: 'STABLE' } as const) : ({ key: 'suspend', status: 'BLOCKED' } as const);

  const fieldOptions: FieldSearchOption<SearchField>[] = [
    { value: 'userCodeLike', label: t('iam.columns.userCode') },
    { value: 'nameLike', label: t('iam.columns.name') },
    { value: 'emailLike', label: t('iam.columns.email') },
  ];
  const statusOptions = IAM_MEMBER_STATUSES.map((value) => ({ value, label: t(`iam.status.${value}`) }));

  const onCreate = async () => {
    const created = await modals.form<boolean>({
      header: t('iam.create.title'),
      render: ({ submit, cancel, setDirty }) => (
        <IamAccountForm
          testId="iam-create-form"
          submitText={t('iam.create.submit')}
          onSave={(values) => create.mutateAsync({ members: [{ ...values, countryCode: 'KR', status: 'STABLE', creationType: 'CONSOLE' }] })}
          onDone={() => submit(true)}
          onCancel={cancel}
          onDirtyChange={setDirty}
        />
      ),
    });
    if (created) toasts.show({ type: 'success', content: t('iam.create.done') });
  };

  const confirmThen = (key: 'suspend' | 'allow' | 'delete' | 'passwordMail', member: IamMember, task: () => Promise<unknown>) =>
    run({
      confirm: {
        header: t(`iam.${key}.title`),
        content: t(`iam.${key}.content`, { userCode: member.userCode, name: member.name, email: member.emailAddress }),
        confirmText: t(`iam.${key}.button`),
      },
      task,
      done: t(`iam.${key}.done`, { userCode: member.userCode, email: member.emailAddress }),
      failed: t(`iam.${key}.failed`),
    });

  if (accounts.isError) return <ErrorState error={accounts.error} onRetry={() => void accounts.refetch()} />;
  return (
    <Table<IamMember>
      data-testid="iam-table"
      header={
        <TableHeader
          count={accounts.data ? totalCount : undefined}
          actions={
            <>
              <Button
                {...changeGate(deleteCheck)}
                onClick={() => target && void confirmThen('delete', target, () => remove.mutateAsync(target.memberId))}
                data-testid="iam-delete"
              >
                {t('iam.delete.button')}
              </Button>
              <Button
                {...changeGate(updateCheck)}
                onClick={() =>
                  target &&
                  void confirmThen(statusChange.key, target, () =>
                    status.mutateAsync({ memberId: target.memberId, status: statusChange.status }),
                  )
                }
                data-testid={`iam-${statusChange.key}`}
              >
                {t(`iam.${statusChange.key}.button`)}
              </Button>
              <Button
                {...changeGate(updateCheck)}
                onClick={() =>
                  target &&
                  void confirmThen('passwordMail', target, () => passwordMail.mutateAsync({ memberId: target.memberId, locale }))
                }
                data-testid="iam-password-mail"
              >
                {t('iam.passwordMail.button')}
              </Button>
              <RouterButton
                href={target ? paths.org(orgId).memberIamModify(target.memberId) : '#'}
                {...changeGate(updateCheck)}
                data-testid="iam-edit"
              >
                {t('iam.edit.button')}
              </RouterButton>
              <Button
                variant="primary"
                disabled={!createCheck.allowed}
                disabledReason={createCheck.reason}
                onClick={() => void onCreate()}
                data-testid="iam-create"
              >
                {t('iam.create.button')}
              </Button>
            </>
          }
        >
          {t('iam.title')}
        </TableHeader>
      }
      filter={table.searchBar(
        { options: fieldOptions, placeholder: t('iam.search'), testId: 'iam-search' },
        <Multiselect
          selectedOptions={statusOptions.filter((option) => statuses.includes(option.value))}
          options={statusOptions}
          placeholder={t('iam.statusFilter')}
          onChange={({ detail }) => {
            setStatuses(detail.selectedOptions.map((option) => option.value as IamMemberStatus));
            table.setPage(1);
          }}
          hideTokens
          data-testid="iam-status-filter"
        />,
      )}
      {...table.tableProps(accounts, accounts.data?.result.contents, totalCount, t('iam.empty'))}
      trackBy="memberId"
      {...selectionProps}
    />
  );
}

/** Spec §3 IAM member columns: ID, name, email, phone, status, account type, last accessed. */
function iamColumns(t: TFunction, format: Formatters): TableProps.ColumnDefinition<IamMember>[] {
  return [
    { id: 'userCode', header: t('iam.columns.userCode'), cell: (item) => item.userCode, sortingField: 'userCode' },
    { id: 'name', header: t('iam.columns.name'), cell: (item) => item.name, sortingField: 'name' },
    { id: 'email', header: t('iam.columns.email'), cell: (item) => item.emailAddress, sortingField: 'email' },
    { id: 'phone', header: t('iam.columns.phone'), cell: (item) => item.mobileNumber ?? '-' },
    {
      id: 'status',
      header: t('iam.columns.status'),
      cell: (item) => <StatusIndicator type={STATUS_TYPES[item.status]}>{t(`iam.status.${item.status}`)}</StatusIndicator>,
    },
    { id: 'accountType', header: t('iam.columns.accountType'), cell: (item) => t(`iam.accountType.${item.accountType}`) },
    {
      id: 'lastAccessed',
      header: t('iam.columns.lastAccessed'),
      sortingField: 'lastAccessedDateTime',
      cell: (item) => (item.lastAccessedDateTime ? format.dateTime(item.lastAccessedDateTime) : t('iam.never')),
    },
  ];
}
