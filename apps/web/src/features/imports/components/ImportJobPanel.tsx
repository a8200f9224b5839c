import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { BatchRowResult } from '@console/contracts/imports';
import { IMPORT_COLUMN_HEADERS } from '@console/contracts/imports-constants';
import { langOf, type Lang } from '@console/contracts/locales';
import type { TFunction } from 'i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { apiErrorMessage } from '../../../shared/i18n/api-error-message.ts';
import { serverMessage } from '../../../shared/i18n/i18n.ts';
import { useLocale } from '../../../shared/i18n/LocaleProvider.tsx';
import { RouterButton } from '../../../shared/ui/RouterButton.tsx';
import { toasts } from '../../../shared/ui/toasts.ts';
import { importJobQuery } from '../../../data/imports/queries.ts';
import { downloadFile } from '../../../data/imports/transfer.ts';
import { scopeParams, type ImportKind } from '../../../data/imports/import-kinds.ts';
import { ResultCodeStatus } from './ResultCodeStatus.tsx';

interface Props {
  readonly kind: ImportKind;
  readonly scopeId: string;
  readonly asyncJobId: string;
  /** Called once the job is no longer WAIT. */
  readonly onSettled: (state: 'COMPLETE' | 'FAIL') => void;
  /** Back to the dry run (after a failed commit, which changed nothing). */
  readonly onBack: () => void;
  readonly onAnother: () => void;
}

/** The person or project a result row is about. */
const subjectOf = (row: BatchRowResult) => row.projectName ?? row.email ?? row.userCode ?? '-';

/**
 * A running import: its progress (polled until it is no longer WAIT), then the §3 report (total,
 * registered, not registered, the rows not registered with their translated §8 codes) and the
 * report download in the caller's language.
 */
export function ImportJobPanel({ kind, scopeId, asyncJobId, onSettled, onBack, onAnother }: Props) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const lang = langOf(locale);
  const queryClient = useQueryClient();
  const job = useQuery(importJobQuery(kind, scopeId, asyncJobId));
  const state = job.data?.state;
  const [downloadError, setDownloadError] = useState<string>();
  const texts = `imports.kinds.${kind.textKey}` as const;

  const settled = useRef(false);
  useEffect(() => {
    if ((state !== 'COMPLETE' && state !== 'FAIL') || settled.current) return;
    settled.current = true;
    onSettled(state);
    // Members, invitations, IAM accounts or projects of the scope have changed.
    if (state === 'COMPLETE') void queryClient.invalidateQueries({ queryKey: [kind.scope, scopeId] });
  }, [state, onSettled, queryClient, kind.scope, scopeId]);

  const processed = job.data?.progress.processed ?? 0;
  const total = job.data?.progress.total ?? 0;
  const percent = state === 'COMPLETE' ? 100 : total > 0 ? Math.round((processed / total) * 100) : 0;
  const result = job.data?.result;

  const downloadReport = async () => {
    setDownloadError(undefined);
    try {
      const name = await downloadFile(kind.calls.report, { params: { ...scopeParams(kind, scopeId), asyncJobId } }, `import-report-${asyncJobId}.xlsx`);
      toasts.show({ type: 'success', content: t('imports.downloaded', { name }) });
    } catch (error) {
      setDownloadError(`${t('imports.downloadFailed')} ${apiErrorMessage(error, t)}`);
    }
  };

  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">{t('imports.job.title')}</Header>}>
        <SpaceBetween size="m">
          <div data-testid="import-progress" data-state={state ?? 'WAIT'} data-value={percent}>
            {/* The bar stays visible at 100 % when done (a 'success' ProgressBar would hide it). */}
            <ProgressBar
              value={percent}
              label={t('imports.job.progressLabel')}
              description={t('imports.job.progressDescription', { processed, total })}
              status={state === 'FAIL' || job.isError ? 'error' : 'in-progress'}
              resultText={state === 'FAIL' ? (serverMessage('errors.21107') ?? t('imports.job.failed')) : job.isError ? apiErrorMessage(job.error, t) : ''}
            />
          </div>
          {state === 'COMPLETE' ? (
            <span data-testid="import-job-done">
              <StatusIndicator type="success">{t('imports.job.done')}</StatusIndicator>
            </span>
          ) : null}
          {state === 'FAIL' ? (
            <Alert
              type="error"
              data-testid="import-job-failed"
              action={
                <Button onClick={onBack} data-testid="import-job-back">
                  {t('imports.job.backToRows')}
                </Button>
              }
            >
              {t('imports.job.failedHint')}
            </Alert>
          ) : null}
        </SpaceBetween>
      </Container>

      {state === 'COMPLETE' && result ? (
        <>
          {downloadError ? (
            <Alert type="error" data-testid="import-error">
              {downloadError}
            </Alert>
          ) : null}
          <Container
            header={
              <Header
                variant="h2"
                actions={
                  <SpaceBetween direction="horizontal" size="xs">
                    <Button onClick={onAnother} data-testid="import-another">
                      {t('imports.job.another')}
                    </Button>
                    <Button iconName="download" onClick={() => void downloadReport()} data-testid="import-report-download">
                      {t('imports.job.downloadReport')}
                    </Button>
                    <RouterButton variant="primary" href={kind.backPath(scopeId)} data-testid="import-back">
                      {t(`${texts}.back`)}
                    </RouterButton>
                  </SpaceBetween>
                }
              >
                {t('imports.job.resultTitle')}
              </Header>
            }
          >
            <ColumnLayout columns={4} variant="text-grid">
              <Count label={t('imports.counts.total')} value={result.totalCount} testId="import-result-total" />
              <Count label={t('imports.counts.registered')} value={result.rows.filter((row) => row.resultCode === 'SUCCESS').length} testId="import-result-registered" />
              <Count label={t('imports.counts.success')} value={result.successCount} testId="import-result-success" />
              <Count label={t('imports.counts.fail')} value={result.failCount} testId="import-result-fail" />
            </ColumnLayout>
          </Container>
          <Table<BatchRowResult>
            data-testid="import-fail-list"
            variant="container"
            wrapLines
            header={
              <Header variant="h2" counter={`(${result.failList.length})`} description={t('imports.job.failListDescription')}>
                {t('imports.job.failList')}
              </Header>
            }
            items={result.failList}
            trackBy={(row) => String(row.rowNumber)}
            empty={<Box color="text-status-inactive">{t('imports.job.noFailures')}</Box>}
            columnDefinitions={failListColumns(t, lang, texts)}
          />
        </>
      ) : null}
    </SpaceBetween>
  );
}

/** One figure of a summary (label above, large value). */
export function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div>
      <Box variant="awsui-key-label">{label}</Box>
      <Box variant="awsui-value-large" data-testid={testId}>
        {value}
      </Box>
    </div>
  );
}

/** Columns of the rows not newly registered: row, who or what, translated code, cell reasons. */
function failListColumns(t: TFunction, lang: Lang, texts: `imports.kinds.${ImportKind['textKey']}`): TableProps.ColumnDefinition<BatchRowResult>[] {
  return [
    { id: 'row', header: IMPORT_COLUMN_HEADERS.rowNumber?.[lang] ?? t('imports.table.row'), cell: (row) => row.rowNumber, width: 70 },
    { id: 'subject', header: t(`${texts}.subject`), cell: (row) => subjectOf(row) },
    {
      id: 'result',
      header: t('imports.table.result'),
      cell: (row) => (
        <span data-testid={`import-fail-${row.rowNumber}`}>
          <ResultCodeStatus code={row.resultCode} />
        </span>
      ),
    },
    {
      id: 'reason',
      header: t('imports.job.reason'),
      cell: (row) =>
        row.cellErrors.length === 0
          ? '-'
          : row.cellErrors.map((error) => `${IMPORT_COLUMN_HEADERS[error.column]?.[lang] ?? error.column}: ${error.message}`).join('; '),
    },
  ];
}
