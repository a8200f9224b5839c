import Button from '@cloudscape-design/components/button';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import type { PermissionCheck } from '../../shared/permissions/use-permissions.ts';
import { addPathOf, type RoleGroupScope } from '../../data/role-groups/scope.ts';

/**
 * Add a role group: in the table's header (the organization's settings), or in the page's header
 * where the table loads after it (a project's role groups, issue 16) — a module of its own, so that
 * page paints it without the table's code. Visible when not allowed, saying which role it needs.
 */
export function RoleGroupAddButton({ scope, check }: { scope: RoleGroupScope; check: PermissionCheck }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button variant="primary" disabled={!check.allowed} disabledReason={check.reason} onClick={() => void navigate(addPathOf(scope))} data-testid="role-group-add">
      {t('roleGroups.add')}
    </Button>
  );
}
