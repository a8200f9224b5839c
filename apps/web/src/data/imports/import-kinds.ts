import type { Callable } from '@console/contracts/endpoint';
import type { ImportTemplateType } from '@console/contracts/imports';
import { IMPORT_TEMPLATE_COLUMNS } from '@console/contracts/imports-constants';
import {
  downloadOrgMemberImportReport,
  downloadOrgMemberValidationReport,
  downloadProjectImportReport,
  downloadProjectMemberImportReport,
  downloadProjectMemberValidationReport,
  downloadProjectValidationReport,
  getOrgMemberImport,
  getProjectImport,
  getProjectMemberImport,
  startOrgMemberImport,
  startOrgMemberImportRows,
  startProjectImport,
  startProjectImportRows,
  startProjectMemberImport,
  startProjectMemberImportRows,
  validateOrgMemberImport,
  validateOrgMemberImportRows,
  validateProjectImport,
  validateProjectImportRows,
  validateProjectMemberImport,
  validateProjectMemberImportRows,
} from '@console/contracts/refs/imports';
import type { PermissionName } from '@console/contracts/permissions';
import { paths } from '../../shared/paths.ts';

/** The calls of one import (the seven of docs/decisions.md "Batch registration"). */
export interface ImportCalls {
  readonly validate: typeof validateOrgMemberImport;
  readonly validateRows: typeof validateOrgMemberImportRows;
  readonly validationReport: Callable;
  readonly start: typeof startOrgMemberImport;
  readonly startRows: typeof startOrgMemberImportRows;
  readonly job: typeof getOrgMemberImport;
  readonly report: Callable;
}

/** One of the three imports: where it acts, who may run it, its columns and its calls. */
export interface ImportKind {
  readonly type: ImportTemplateType;
  /** The organization or the project of the URL. */
  readonly scope: 'org' | 'project';
  readonly permission: PermissionName;
  /** The template's columns, in order (the editable cells of the dry-run table). */
  readonly columns: readonly string[];
  readonly calls: ImportCalls;
  /** Key prefix of its texts under `imports.kinds`. */
  readonly textKey: 'orgMember' | 'projectMember' | 'project';
  /** The page the import comes from and returns to. */
  readonly backPath: (scopeId: string) => string;
  /** The console path of the import page. */
  readonly path: (scopeId: string) => string;
}

// The project variants have the same shapes as the organization member ones (contracts imports.ts).
const same = <E>(endpoint: unknown) => endpoint as E;

export const IMPORT_KINDS = {
  ORG_MEMBER: {
    type: 'ORG_MEMBER',
    scope: 'org',
    permission: 'Organization.Member.BatchRegister',
    columns: IMPORT_TEMPLATE_COLUMNS.ORG_MEMBER,
    calls: {
      validate: validateOrgMemberImport,
      validateRows: validateOrgMemberImportRows,
      validationReport: downloadOrgMemberValidationReport,
      start: startOrgMemberImport,
      startRows: startOrgMemberImportRows,
      job: getOrgMemberImport,
      report: downloadOrgMemberImportReport,
    },
    textKey: 'orgMember',
    backPath: (orgId) => paths.org(orgId).member,
    path: (orgId) => paths.org(orgId).memberImport,
  },
  PROJECT_MEMBER: {
    type: 'PROJECT_MEMBER',
    scope: 'project',
    permission: 'Project.Member.BatchRegister',
    columns: IMPORT_TEMPLATE_COLUMNS.PROJECT_MEMBER,
    calls: {
      validate: same(validateProjectMemberImport),
      validateRows: same(validateProjectMemberImportRows),
      validationReport: downloadProjectMemberValidationReport,
      start: same(startProjectMemberImport),
      startRows: same(startProjectMemberImportRows),
      job: same(getProjectMemberImport),
      report: downloadProjectMemberImportReport,
    },
    textKey: 'projectMember',
    backPath: (projectId) => paths.project(projectId).member,
    path: (projectId) => paths.project(projectId).memberImport,
  },
  PROJECT: {
    type: 'PROJECT',
    scope: 'org',
    permission: 'Organization.Project.BatchRegister',
    columns: IMPORT_TEMPLATE_COLUMNS.PROJECT,
    calls: {
      validate: validateProjectImport,
      validateRows: validateProjectImportRows,
      validationReport: downloadProjectValidationReport,
      start: startProjectImport,
      startRows: startProjectImportRows,
      job: getProjectImport,
      report: downloadProjectImportReport,
    },
    textKey: 'project',
    backPath: (orgId) => paths.org(orgId).dashboard,
    path: (orgId) => paths.org(orgId).projectImport,
  },
} as const satisfies Record<ImportTemplateType, ImportKind>;

/** Path parameters of a kind's calls: `{orgId}` or `{projectId}` (plus the job id where needed). */
export const scopeParams = (kind: ImportKind, scopeId: string): Record<string, string> =>
  kind.scope === 'org' ? { orgId: scopeId } : { projectId: scopeId };

/** The project-id header of a kind's calls: the project of a project member import. */
export const projectIdOf = (kind: ImportKind, scopeId: string): string | undefined => (kind.scope === 'project' ? scopeId : undefined);
