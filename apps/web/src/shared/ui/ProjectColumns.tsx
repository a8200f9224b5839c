import Box from '@cloudscape-design/components/box';
import type { TableProps } from '@cloudscape-design/components/table';
import type { Project } from '@console/contracts/organizations';
import type { TFunction } from 'i18next';
import type { Formatters } from '../i18n/format.ts';
import { ProjectStatus } from './ProjectStatus.tsx';
import { RouterLink } from './RouterLink.tsx';
import { paths } from '../paths.ts';

export type ProjectColumnId = 'name' | 'organization' | 'status' | 'description' | 'owner' | 'createdAt';

/**
 * Column definitions of project tables. `sortingField` names the server's sort fields (contracts
 * PROJECT_SORTS: name, regDateTime) on the columns a table lets the server sort by.
 */
export function projectColumns(
  t: TFunction,
  format: Formatters,
  ids: readonly ProjectColumnId[],
  options: { sortable?: boolean } = {},
): TableProps.ColumnDefinition<Project>[] {
  const all: Record<ProjectColumnId, TableProps.ColumnDefinition<Project>> = {
    name: {
      id: 'name',
      header: t('projectsTable.name'),
      cell: (project) => <RouterLink href={paths.project(project.projectId).dashboard}>{project.projectName}</RouterLink>,
      sortingField: options.sortable ? 'name' : undefined,
      isRowHeader: true,
    },
    organization: {
      id: 'organization',
      header: t('projectsTable.organization'),
      cell: (project) => (
        <RouterLink href={paths.org(project.projectOrgId).dashboard}>{project.orgName ?? project.projectOrgId}</RouterLink>
      ),
    },
    status: {
      id: 'status',
      header: t('projectsTable.status'),
      cell: (project) => <ProjectStatus status={project.projectStatusCode} />,
    },
    description: {
      id: 'description',
      header: t('projectsTable.description'),
      cell: (project) => project.projectDescription || <Box color="text-status-inactive">{t('common.none')}</Box>,
      maxWidth: 320,
    },
    owner: {
      id: 'owner',
      header: t('projectsTable.owner'),
      cell: (project) => project.ownerName ?? t('common.none'),
    },
    createdAt: {
      id: 'createdAt',
      header: t('projectsTable.createdAt'),
      cell: (project) => format.dateTime(project.regDateTime),
      sortingField: options.sortable ? 'regDateTime' : undefined,
    },
  };
  return ids.map((id) => all[id]);
}
