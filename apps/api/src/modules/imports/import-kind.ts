import type { ImportTemplateType } from '@console/contracts';
import type { AppConfig } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import type { Mail } from '../../platform/mail.ts';
import type { AcceptedRow, Checked, ClassifiedRow, Entry, Scope } from './import-rows.ts';
import type { ImportJobRow } from './imports.repository.ts';

/** What writing an import's rows has to hand: the import, its organization's name, the commit's time. */
export interface WriteContext {
  readonly job: ImportJobRow;
  readonly orgName: string;
  readonly now: Date;
  readonly config: AppConfig;
  readonly mail: Mail;
}

/**
 * One kind of import (organization members, project members, projects): how a row is checked and
 * what it writes. The service runs every kind the same way — classify, record, commit — through this.
 */
export interface ImportKind<E extends Entry = Entry> {
  readonly type: ImportTemplateType;
  /** Format checks of a row's cells (control characters already refused); the first problem gives the result code. */
  checkFormat(cells: Record<string, string>): Checked<E>;
  /** What identifies an entry's person or project: a later row sharing one of these is DUPLICATED_DATA. */
  identityKeys(entry: E): string[];
  /** Marks rows whose person or project is already registered, or that name what the organization lacks. */
  markRegistered(db: Executor, scope: Scope, rows: ClassifiedRow<E>[], now: Date): Promise<void>;
  /** The most rows one import may register; undefined when something else bounds it. */
  batchLimit(config: AppConfig): number | undefined;
  /** Locks what the import writes into, first in the commit's transaction (after the organization). */
  lockTarget?(tx: Executor, job: ImportJobRow): Promise<void>;
  /** Writes accepted rows inside the commit's transaction. */
  write(tx: Executor, context: WriteContext, accepted: readonly AcceptedRow<E>[]): Promise<unknown>;
}

/** The project a PROJECT_MEMBER import acts in: recorded with it, so its absence is a wiring mistake. */
export function projectOfScope(scope: { projectId: string | null }): string {
  if (!scope.projectId) throw new Error('imports: a project member import without its project');
  return scope.projectId;
}
