import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import type { PermissionCheck } from '../permissions/use-permissions.ts';

export interface OwnershipPanelProps {
  readonly title: string;
  readonly description: string;
  readonly ownerLabel: string;
  readonly owner: { readonly name: string; readonly email: string } | undefined;
  readonly transferText: string;
  /** Whether the caller may hand it over (OWNER); a denied action stays visible and says why. */
  readonly check: PermissionCheck;
  readonly onTransfer: () => void;
  readonly testId: string;
  readonly extra?: ReactNode;
}

/**
 * Who owns an organization or project, and "Transfer ownership" (PUT …/owner) for the owner: it
 * stays visible for everyone else, disabled, naming the role that grants it.
 */
export function OwnershipPanel({
  title,
  description,
  ownerLabel,
  owner,
  transferText,
  check,
  onTransfer,
  testId,
  extra,
}: OwnershipPanelProps) {
  const { t } = useTranslation();
  return (
    <Container
      data-testid={testId}
      header={
        <Header
          variant="h2"
          description={description}
          actions={
            <Button
              onClick={onTransfer}
              disabled={!check.allowed}
              disabledReason={check.reason}
              data-testid={`${testId}-transfer`}
            >
              {transferText}
            </Button>
          }
        >
          {title}
        </Header>
      }
    >
      <SpaceBetween size="s">
        <KeyValuePairs
          columns={2}
          items={[
            {
              label: ownerLabel,
              value: owner ? (
                <span data-testid={`${testId}-owner`}>
                  {owner.name}
                  <Box variant="small" display="block" color="text-body-secondary">
                    {owner.email}
                  </Box>
                </span>
              ) : (
                t('common.none')
              ),
            },
          ]}
        />
        {check.reason && !check.loading ? (
          <Box variant="small" color="text-status-inactive" data-testid={`${testId}-reason`}>
            {check.reason}
          </Box>
        ) : null}
        {extra}
      </SpaceBetween>
    </Container>
  );
}
