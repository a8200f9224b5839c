import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { EXPERIMENT_IDS, useExperiments } from '../../../shared/experiments/experiments.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useSession } from '../../../shared/session/session.ts';

/**
 * /new (spec §2 "experiments"): features that are still being tried out. Each switch changes the
 * whole console at once and is kept for the signed-in account in this browser.
 */
export function ExperimentsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { choices, set, reset } = useExperiments(session.uuid);
  useDocumentTitle(t('experiments.title'));
  const anyOn = EXPERIMENT_IDS.some((id) => choices[id]);

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={t('experiments.description')}
          actions={
            <Button onClick={reset} disabled={!anyOn} data-testid="experiments-reset">
              {t('experiments.reset')}
            </Button>
          }
        >
          {t('experiments.title')}
        </Header>
      }
    >
      <Container data-testid="experiments">
        <SpaceBetween size="l">
          {EXPERIMENT_IDS.map((id) => (
            <Toggle
              key={id}
              checked={choices[id]}
              onChange={({ detail }) => set(id, detail.checked)}
              description={t(`experiments.items.${id}.description`)}
              data-testid={`experiment-${id}`}
            >
              {t(`experiments.items.${id}.name`)}
            </Toggle>
          ))}
        </SpaceBetween>
      </Container>
    </ContentLayout>
  );
}
