import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';

export interface ErrorScreenProps {
  readonly title: string;
  readonly description: string;
  readonly testId: string;
  readonly requestId?: string | undefined;
  readonly clientIp?: string | undefined;
  readonly country?: string | undefined;
  readonly actions?: ReactNode;
}

const frameStyle = { maxWidth: 720, margin: '48px auto' } as const;

/** The frame of every error page: what happened, what to do, and what to quote to support. */
export function ErrorScreen({ title, description, testId, requestId, clientIp, country, actions }: ErrorScreenProps) {
  const { t } = useTranslation();
  const details = [
    clientIp ? { label: t('errors.page.clientIp'), value: <span data-testid="error-client-ip">{clientIp}</span> } : undefined,
    country ? { label: t('errors.page.country'), value: <span data-testid="error-country">{country}</span> } : undefined,
    requestId ? { label: t('errors.page.requestId'), value: <Box variant="code">{requestId}</Box> } : undefined,
  ].filter((item) => item !== undefined);

  return (
    <div style={frameStyle} data-testid={testId}>
      <Container header={<Header variant="h1">{title}</Header>}>
        <SpaceBetween size="l">
          <Box variant="p">{description}</Box>
          {details.length > 0 ? <KeyValuePairs columns={details.length} items={details} /> : null}
          {actions ? <SpaceBetween direction="horizontal" size="xs">{actions}</SpaceBetween> : null}
        </SpaceBetween>
      </Container>
    </div>
  );
}
