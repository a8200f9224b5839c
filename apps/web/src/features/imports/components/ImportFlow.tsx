import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { BatchResult, BatchRowResult } from '@console/contracts/imports';
import { IMPORT_FILE_MAX_BYTES, IMPORT_FILE_NAME_PATTERN, IMPORT_MAX_ROWS } from '@console/contracts/imports-constants';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useParams } from 'react-router';
import { useUnsavedChangesGuard } from '../../../shared/form/use-unsaved-changes.ts';
import { apiErrorMessage } from '../../../shared/i18n/api-error-message.ts';
import { useFormatters } from '../../../shared/i18n/LocaleProvider.tsx';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { modals } from '../../../shared/ui/modals.ts';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { RouterButton } from '../../../shared/ui/RouterButton.tsx';
import { toasts } from '../../../shared/ui/toasts.ts';
import { downloadImportTemplateFile, downloadValidationReport, startImport, validateImportFile, validateImportRows } from '../../../data/imports/mutations.ts';
import { DryRunTable, type EditableRow } from './DryRunTable.tsx';
import { Count, ImportJobPanel } from './ImportJobPanel.tsx';
import { isProblem } from './ResultCodeStatus.tsx';
import type { ImportKind } from '../../../data/imports/import-kinds.ts';

/** The cells of a dry-run row as validate-rows takes them back (roles joined with commas). */
export function cellsOf(row: BatchRowResult): Record<string, string> {
  return {
    orgMemberTypeCode: row.orgMemberTypeCode ?? '',
    email: row.email ?? '',
    roleList: row.roleList.join(','),
    userCode: row.userCode ?? '',
    name: row.name ?? '',
    projectName: row.projectName ?? '',
    ownerEmail: row.ownerEmail ?? '',
    ...(row.projectDescription === null ? {} : { projectDescription: row.projectDescription }),
  };
}


/** The file's own problem before it is sent (spec §5 'File names must end in xls or xlsx.', the upload limit). */
function fileProblem(file: File, t: ReturnType<typeof useTranslation>['t']): string | undefined {
  if (!IMPORT_FILE_NAME_PATTERN.test(file.name)) return t('imports.upload.badType');
  if (file.size === 0) return t('imports.upload.empty');
  if (file.size > IMPORT_FILE_MAX_BYTES) return t('imports.upload.tooLarge', { max: `${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB` });
  return undefined;
}

type Stage = { readonly name: 'upload' } | { readonly name: 'review' } | { readonly name: 'job'; readonly asyncJobId: string };

/**
 * The spreadsheet import of one kind below its page's header (issue 16: a part on demand, mounted
 * once) (organization members, project members, projects): download
 * the template in the caller's language, choose a file, see the dry run row by row (each invalid
 * cell marked with its message), fix cells in place and re-validate, import the rows that pass as
 * an async job with its progress, then the report (spec §3 "Batch registration result", §8 codes).
 */
export function ImportFlow({ kind }: { kind: ImportKind }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const params = useParams();
  const scopeId = (kind.scope === 'org' ? params.orgId : params.projectId) ?? '';
  const permissions = usePermissions(kind.scope === 'org' ? { orgId: scopeId } : { projectId: scopeId });
  const check = permissions.check(kind.permission);
  const columns = kind.columns;

  const [stage, setStage] = useState<Stage>({ name: 'upload' });
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string>();
  const [pageError, setPageError] = useState<string>();
  const [rows, setRows] = useState<EditableRow[]>([]);
  const [result, setResult] = useState<BatchResult>();
  const [edited, setEdited] = useState<ReadonlySet<number>>(new Set());
  /** Whether the rows are still the file's own (then the file itself is imported). */
  const [fromFile, setFromFile] = useState(true);
  const [jobDone, setJobDone] = useState(false);
  const file = files[0];

  useUnsavedChangesGuard((file !== undefined || rows.length > 0) && !jobDone);

  const results = useMemo(() => new Map((result?.rows ?? []).map((row) => [row.rowNumber, row])), [result]);
  const counts = useMemo(() => {
    const all = result?.rows ?? [];
    return {
      total: rows.length,
      ready: all.filter((row) => row.resultCode === 'SUCCESS').length,
      skipped: all.filter((row) => row.resultCode === 'DUPLICATED_DATA' || row.resultCode === 'ALREADY_REGISTERED_DATA').length,
      invalid: all.filter((row) => isProblem(row.resultCode)).length,
    };
  }, [result, rows.length]);

  const showResult = (answer: BatchResult, fresh: boolean) => {
    setResult(answer);
    if (fresh) setRows(answer.rows.map((row) => ({ rowNumber: row.rowNumber, cells: cellsOf(row) })));
    setEdited(new Set());
    setStage({ name: 'review' });
  };

  const validateFile = useMutation({
    mutationFn: (chosen: File) => validateImportFile(kind, scopeId, chosen),
    onSuccess: (answer) => {
      setFromFile(true);
      showResult(answer.result, true);
    },
    onError: (error) => setFileError(apiErrorMessage(error, t)),
  });
  const validateRows = useMutation({
    mutationFn: (body: EditableRow[]) => validateImportRows(kind, scopeId, body),
    onSuccess: (answer) => showResult(answer.result, false),
    onError: (error) => setPageError(apiErrorMessage(error, t)),
  });
  const start = useMutation({
    mutationFn: () => startImport(kind, scopeId, fromFile && file ? { file } : { rows }),
    onSuccess: (answer) => {
      setJobDone(false);
      setStage({ name: 'job', asyncJobId: answer.asyncJobId });
    },
    onError: (error) => setPageError(apiErrorMessage(error, t)),
  });
  const busy = validateFile.isPending || validateRows.isPending || start.isPending;

  const download = async (run: () => Promise<string>) => {
    setPageError(undefined);
    try {
      const name = await run();
      toasts.show({ type: 'success', content: t('imports.downloaded', { name }) });
    } catch (error) {
      // Spec §8 'Failed to download file. Try again later.', then why.
      setPageError(`${t('imports.downloadFailed')} ${apiErrorMessage(error, t)}`);
    }
  };

  const chooseFiles = (chosen: File[]) => {
    setFiles(chosen.slice(-1));
    const next = chosen.at(-1);
    setFileError(next ? fileProblem(next, t) : undefined);
  };

  const onValidate = () => {
    if (!file) {
      setFileError(t('imports.upload.required'));
      return;
    }
    const problem = fileProblem(file, t);
    setFileError(problem);
    setPageError(undefined);
    if (!problem) validateFile.mutate(file);
  };

  const onEdit = (rowNumber: number, column: string, value: string) => {
    setRows((current) => current.map((row) => (row.rowNumber === rowNumber ? { rowNumber, cells: { ...row.cells, [column]: value } } : row)));
    setEdited((current) => new Set(current).add(rowNumber));
    setFromFile(false);
  };

  const onImport = async () => {
    setPageError(undefined);
    if (counts.invalid > 0) {
      const go = await modals.confirm({
        header: t('imports.confirm.title'),
        content: t('imports.confirm.content', { invalid: counts.invalid, ready: counts.ready }),
        confirmText: t('imports.confirm.import'),
        cancelText: t('common.cancel'),
      });
      if (!go) return;
    }
    start.mutate();
  };

  const reset = () => {
    setStage({ name: 'upload' });
    setFiles([]);
    setRows([]);
    setResult(undefined);
    setEdited(new Set());
    setFileError(undefined);
    setPageError(undefined);
    setJobDone(false);
    setFromFile(true);
  };

  const importReason = !check.allowed
    ? check.reason
    : edited.size > 0
      ? t('imports.review.revalidateFirst')
      : counts.ready === 0
        ? t('imports.review.nothingToImport')
        : undefined;

  if (check.loading) return <PageSpinner />;
  if (!check.allowed) {
    return (
      <Alert type="info" data-testid="import-denied">
        {t('imports.denied', { reason: check.reason ?? '' })}
      </Alert>
    );
  }

  return (
    <SpaceBetween size="l" data-testid="import-page">
      {pageError ? (
        <Alert type="error" dismissible onDismiss={() => setPageError(undefined)} data-testid="import-error">
          {pageError}
        </Alert>
      ) : null}

      {stage.name === 'upload' ? (
        <Container header={<Header variant="h2" description={t('imports.upload.description', { max: IMPORT_MAX_ROWS })}>{t('imports.upload.title')}</Header>}>
          <SpaceBetween size="l">
            <FormField label={t('imports.template.label')} description={t('imports.template.description')}>
              <Button
                iconName="download"
                onClick={() => void download(() => downloadImportTemplateFile(kind))}
                data-testid="import-template-download"
              >
                {t('imports.template.download')}
              </Button>
            </FormField>
            <FormField
              label={t('imports.upload.file')}
              constraintText={t('imports.upload.constraint', { size: `${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB`, max: IMPORT_MAX_ROWS })}
              errorText={fileError ? <span data-testid="import-file-error">{fileError}</span> : undefined}
            >
              <div data-testid="import-file">
                <FileUpload
                  value={files}
                  accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
                  showFileSize
                  onChange={({ detail }) => chooseFiles(detail.value)}
                  i18nStrings={{
                    uploadButtonText: () => t('imports.upload.choose'),
                    dropzoneText: () => t('imports.upload.drop'),
                    removeFileAriaLabel: () => t('imports.upload.remove'),
                    errorIconAriaLabel: t('imports.table.error'),
                    formatFileSize: (bytes) => format.number(Math.max(1, Math.round(bytes / 1024))) + ' KB',
                  }}
                />
              </div>
            </FormField>
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <RouterButton variant="link" href={kind.backPath(scopeId)} data-testid="import-cancel">
                  {t('common.cancel')}
                </RouterButton>
                <Button variant="primary" loading={validateFile.isPending} disabled={busy} onClick={onValidate} data-testid="import-validate">
                  {t('imports.upload.validate')}
                </Button>
              </SpaceBetween>
            </Box>
          </SpaceBetween>
        </Container>
      ) : null}

      {stage.name === 'review' && result ? (
        <>
          <Container header={<Header variant="h2">{t('imports.review.title')}</Header>}>
            <ColumnLayout columns={4} variant="text-grid">
              <Count label={t('imports.counts.total')} value={counts.total} testId="import-count-total" />
              <Count label={t('imports.counts.ready')} value={counts.ready} testId="import-count-ready" />
              <Count label={t('imports.counts.skipped')} value={counts.skipped} testId="import-count-skipped" />
              <Count label={t('imports.counts.invalid')} value={counts.invalid} testId="import-count-invalid" />
            </ColumnLayout>
          </Container>
          {counts.invalid > 0 && edited.size === 0 ? (
            <Alert type="warning" data-testid="import-invalid-warning">
              {t('imports.review.invalidWarning', { number: counts.invalid })}
            </Alert>
          ) : null}
          <DryRunTable
            columns={columns}
            rows={rows}
            results={results}
            edited={edited}
            editable={!busy}
            onEdit={onEdit}
            counter={`(${rows.length})`}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button onClick={reset} disabled={busy} data-testid="import-choose-another">
                  {t('imports.review.another')}
                </Button>
                <Button
                  iconName="download"
                  disabled={busy || counts.total === counts.ready}
                  onClick={() =>
                    void download(() => downloadValidationReport(kind, scopeId, rows))
                  }
                  data-testid="import-validation-report"
                >
                  {t('imports.review.errorReport')}
                </Button>
                <Button
                  iconName="refresh"
                  loading={validateRows.isPending}
                  disabled={busy || rows.length === 0}
                  onClick={() => {
                    setPageError(undefined);
                    validateRows.mutate(rows);
                  }}
                  data-testid="import-revalidate"
                >
                  {t('imports.review.revalidate')}
                </Button>
                <Button
                  variant="primary"
                  loading={start.isPending}
                  disabled={busy || importReason !== undefined}
                  disabledReason={importReason}
                  onClick={() => void onImport()}
                  data-testid="import-start"
                >
                  {t('imports.review.import', { number: counts.ready })}
                </Button>
              </SpaceBetween>
            }
          />
        </>
      ) : null}

      {stage.name === 'job' ? (
        <ImportJobPanel
          key={stage.asyncJobId}
          kind={kind}
          scopeId={scopeId}
          asyncJobId={stage.asyncJobId}
          onSettled={(state) => setJobDone(state === 'COMPLETE')}
          onBack={() => setStage({ name: 'review' })}
          onAnother={reset}
        />
      ) : null}
    </SpaceBetween>
  );
}
