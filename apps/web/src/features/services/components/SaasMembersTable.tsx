import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { z } from 'zod';
import type { SaasMemberSchema } from '@console/contracts/products';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useSetSaasOwnerMutation, useSetSaasRoleMutation } from '../../../data/products/mutations.ts';
import { orgProductQuery, saasMembersQuery } from '../../../data/products/queries.ts';
import { usePermissions, type PermissionCheck } from '../../../shared/permissions/use-permissions.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { modals } from '../../../shared/ui/modals.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { useServerPages } from '../../../shared/ui/use-server-pages.tsx';
import { SaasMemberForm } from './SaasMemberForm.tsx';

type SaasMember = z.infer<typeof SaasMemberSchema>;

async function act(work: () => Promise<unknown>, done: string) {
  try {
    await work();
    toasts.show({ type: 'success', content: done });
  } catch (error) {
    toasts.show({ type: 'error', content: error instanceof Error ? error.message : String(error) });
  }
}

const PAGE_SIZE = 20;

/**
 * The service's SaaS members below its page's header and frame (issue 16: a part on demand): the
 * table paged by the server, add, change role, make owner, remove.
 */
export function SaasMembersTable({ orgId, productId, name }: { orgId: string; productId: string; name: string }) {
  const { t } = useTranslation();
  const product = useQuery(orgProductQuery(orgId, productId));
  const pages = useServerPages(PAGE_SIZE);
  const members = useQuery({ ...saasMembersQuery(orgId, productId, pages.requestedPage, PAGE_SIZE), enabled: product.isSuccess });
  const permissions = usePermissions({ orgId });
  const canManage = permissions.check('Organization.Member.Update');
  const setRole = useSetSaasRoleMutation(orgId, productId);
  const setOwner = useSetSaasOwnerMutation(orgId, productId);
  if (members.isError) return <ErrorState error={members.error} onRetry={() => void members.refetch()} />;
  const inProduct = new Set((members.data?.members ?? []).map((member) => member.memberUuid));

  const openForm = async (member?: SaasMember) => {
    const done = await modals.form<boolean>({
      header: member ? t('services.saas.changeRoleTitle', { name: member.name }) : t('services.saas.addTitle', { name }),
      render: ({ submit, cancel }) => (
        <SaasMemberForm
          orgId={orgId}
          productId={productId}
          member={member && member.role !== 'OWNER' ? { memberUuid: member.memberUuid, name: member.name, role: member.role } : undefined}
          excludeIds={inProduct}
          onDone={() => submit(true)}
          onCancel={cancel}
        />
      ),
    });
    if (done) toasts.show({ type: 'success', content: t('services.saas.saved') });
  };
  const onAction = async (member: SaasMember, action: string) => {
    if (action === 'role') return openForm(member);
    if (action === 'owner') {
      const confirmed = await modals.confirm({
        header: t('services.saas.makeOwnerTitle', { name: member.name }),
        content: t('services.saas.makeOwnerWarning', { name: member.name, product: name }),
        confirmText: t('services.saas.makeOwner'),
      });
      if (confirmed) await act(() => setOwner.mutateAsync(member.memberUuid), t('services.saas.saved'));
      return;
    }
    const confirmed = await modals.confirm({
      header: t('services.saas.removeTitle', { name: member.name }),
      content: t('services.saas.removeWarning', { name: member.name, product: name }),
      confirmText: t('services.saas.remove'),
    });
    if (confirmed) await act(() => setRole.mutateAsync({ memberId: member.memberUuid, role: 'NONE' }), t('services.saas.removed'));
  };

  return (
    <SpaceBetween size="l">
      <Table
        data-testid="saas-members-table"
        {...pages.tableProps(members, members.data?.members, members.data?.paging.totalCount ?? 0, t('services.saas.empty'))}
        trackBy="id"
        header={
          <Header
            counter={members.data ? `(${members.data.paging.totalCount})` : undefined}
            description={t('services.saas.description')}
            actions={
              <Button variant="primary" disabled={!canManage.allowed} disabledReason={canManage.reason} onClick={() => void openForm()}>
                {t('services.saas.add')}
              </Button>
            }
          >
            {t('services.saas.title')}
          </Header>
        }
        columnDefinitions={saasMemberColumns(t, canManage, onAction)}
      />
      <Box variant="small" color="text-body-secondary">
        {t('services.saas.ownerNote')}
      </Box>
    </SpaceBetween>
  );
}

function saasMemberColumns(
  t: TFunction,
  canManage: PermissionCheck,
  onAction: (member: SaasMember, action: string) => Promise<unknown>,
): TableProps.ColumnDefinition<SaasMember>[] {
  return [
          { id: 'name', header: t('services.saas.member'), cell: (member) => member.name },
          { id: 'email', header: t('services.saas.email'), cell: (member) => member.email },
          { id: 'role', header: t('services.saas.role'), cell: (member) => t(`services.saas.role_${member.role}`) },
          {
            id: 'actions',
            header: '',
            cell: (member) => (
              <ButtonDropdown
                variant="icon"
                ariaLabel={t('services.saas.actionsOf', { name: member.name })}
                disabled={!canManage.allowed}
                items={[
                  { id: 'role', text: t('services.saas.changeRole'), disabled: member.role === 'OWNER', disabledReason: t('services.saas.ownerFixed') },
                  { id: 'owner', text: t('services.saas.makeOwner'), disabled: member.role === 'OWNER' },
                  { id: 'remove', text: t('services.saas.remove'), disabled: member.role === 'OWNER', disabledReason: t('services.saas.ownerFixed') },
                ]}
                onItemClick={({ detail }) => void onAction(member, detail.id)}
              />
            ),
          },
  ];
}
