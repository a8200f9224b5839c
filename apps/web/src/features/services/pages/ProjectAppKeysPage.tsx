import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { PROJECT_APP_KEY_LIMIT } from '@console/contracts/product-constants';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useParams } from 'react-router';
import { useCreateAuthenticationMutation } from '../../../data/products/mutations.ts';
import { authenticationsQuery } from '../../../data/products/queries.ts';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { modals } from '../../../shared/ui/modals.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';

// The form (and react-hook-form) loads when its modal opens, not with the page (issue 16).
const AppKeyForm = onDemand(() => import('../components/AppKeyForm.tsx').then((module) => module.AppKeyForm));

/**
 * The keys' table loads on demand (issue 16): Cloudscape's Table and the row actions are not on the
 * route's first paint, which is the header with the keys' count and Create; the part is requested
 * when this module loads (`onDemand`'s `now`). The header reads the same query as the table.
 */
const loadTable = () => import('../components/ProjectAppKeysTable.tsx').then((module) => module.ProjectAppKeysTable);
const ProjectAppKeysTable = onDemand(loadTable, { now: true });

/** /project/{projectId}/authentication: the project's Appkeys (authentications v4; at most 3). */
export function ProjectAppKeysPage() {
  const { projectId = '' } = useParams();
  const { t } = useTranslation();
  const keys = useQuery(authenticationsQuery(projectId));
  const canCreate = usePermissions({ projectId }).check('Project.ProjectAppKey.Create');
  const create = useCreateAuthenticationMutation(projectId);
  const full = (keys.data?.length ?? 0) >= PROJECT_APP_KEY_LIMIT;

  const onCreate = async () => {
    const done = await modals.form<boolean>({
      header: t('services.appKeys.createTitle'),
      render: ({ submit, cancel, setDirty }) => (
        <AppKeyForm
          submitText={t('services.appKeys.create')}
          onSave={(input) => create.mutateAsync(input)}
          onDone={() => submit(true)}
          onCancel={cancel}
          onDirtyChange={setDirty}
        />
      ),
    });
    if (done) toasts.show({ type: 'success', content: t('services.appKeys.created') });
  };

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          counter={`(${keys.data?.length ?? 0}/${PROJECT_APP_KEY_LIMIT})`}
          description={t('services.appKeys.description')}
          actions={
            <Button variant="primary" disabled={!canCreate.allowed || full} disabledReason={canCreate.reason ?? (full ? t('services.appKeys.limit') : undefined)} onClick={() => void onCreate()}>
              {t('services.appKeys.create')}
            </Button>
          }
        >
          {t('services.appKeys.title')}
        </Header>
      }
    >
      <ProjectAppKeysTable />
    </ContentLayout>
  );
}
