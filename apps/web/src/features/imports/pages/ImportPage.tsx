import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { IMPORT_KINDS, type ImportKind } from '../../../data/imports/import-kinds.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';

/**
 * The import flow loads on demand (issue 16): the upload, the dry run's editable table, the job's
 * progress and report are not on the route's first paint, which is the header; the part is
 * requested when this module loads (`onDemand`'s `now`) and mounts once.
 */
const loadFlow = () => import('../components/ImportFlow.tsx').then((module) => module.ImportFlow);
const ImportFlow = onDemand(loadFlow, { now: true });

/** A spreadsheet import's page: its header, then the flow. */
function ImportPage({ kind }: { kind: ImportKind }) {
  const { t } = useTranslation();
  const texts = `imports.kinds.${kind.textKey}` as const;
  useDocumentTitle(t(`${texts}.title`));
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t(`${texts}.description`)}>
          {t(`${texts}.title`)}
        </Header>
      }
    >
      <ImportFlow kind={kind} />
    </ContentLayout>
  );
}

/** /org/:orgId/member/import: organization members from a spreadsheet. */
export function OrgMemberImportPage() {
  return <ImportPage kind={IMPORT_KINDS.ORG_MEMBER} />;
}

/** /project/:projectId/member/import: project members from a spreadsheet. */
export function ProjectMemberImportPage() {
  return <ImportPage kind={IMPORT_KINDS.PROJECT_MEMBER} />;
}

/** /org/:orgId/project-import: the organization's projects from a spreadsheet. */
export function ProjectImportPage() {
  return <ImportPage kind={IMPORT_KINDS.PROJECT} />;
}
