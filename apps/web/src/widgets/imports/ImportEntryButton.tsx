import type { ButtonProps } from '@cloudscape-design/components/button';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import { RouterButton } from '../../shared/ui/RouterButton.tsx';
import { IMPORT_KINDS } from '../../data/imports/import-kinds.ts';

/**
 * "Add in bulk": opens the spreadsheet import of a kind. Disabled, naming the roles that may, for a
 * caller without the kind's BatchRegister permission (the server checks again).
 */
export function ImportEntryButton({ type, scopeId, variant }: { type: keyof typeof IMPORT_KINDS; scopeId: string; variant?: ButtonProps['variant'] }) {
  const { t } = useTranslation();
  const kind = IMPORT_KINDS[type];
  const permissions = usePermissions(kind.scope === 'org' ? { orgId: scopeId } : { projectId: scopeId });
  const check = permissions.check(kind.permission);
  return (
    <RouterButton
      href={kind.path(scopeId)}
      iconName="upload"
      variant={variant ?? 'normal'}
      disabled={!check.allowed}
      disabledReason={check.reason}
      data-testid={`import-entry-${kind.textKey}`}
    >
      {t(`imports.kinds.${kind.textKey}.entry`)}
    </RouterButton>
  );
}
