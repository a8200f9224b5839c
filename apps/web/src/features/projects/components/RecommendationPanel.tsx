import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { recommendationsQuery, servicesInUseQuery } from '../../../data/products/queries.ts';
import { paths } from '../../../shared/paths.ts';
import { RouterLink } from '../../../shared/ui/RouterLink.tsx';

/**
 * The dashboard's product recommendation panel (spec §2, §3 ProductRecommendation): at most 4 of
 * the caller's category, chosen by the server; an enabled one opens its page, the others the
 * project's services page.
 */
export function RecommendationPanel({ projectId }: { projectId: string }) {
  const { t, i18n } = useTranslation();
  const recommendations = useQuery(recommendationsQuery(i18n.language));
  const inUse = useQuery(servicesInUseQuery(projectId));
  const enabled = new Set((inUse.data ?? []).map((service) => service.productId));
  return (
    <Container header={<Header variant="h2">{t('services.recommendTitle')}</Header>} data-testid="recommendation-panel">
      {recommendations.data && recommendations.data.length > 0 ? (
        <ColumnLayout columns={4}>
          {recommendations.data.map((recommendation) => (
            <RouterLink
              key={recommendation.recommendationId}
              href={
                enabled.has(recommendation.productId)
                  ? paths.project(projectId).product(recommendation.categoryName, recommendation.pathName)
                  : paths.project(projectId).services
              }
            >
              {recommendation.productUiName}
            </RouterLink>
          ))}
        </ColumnLayout>
      ) : (
        <Box color="text-body-secondary">{t('services.recommendEmpty')}</Box>
      )}
    </Container>
  );
}
