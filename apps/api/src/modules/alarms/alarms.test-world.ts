import { sql } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { projectProducts } from '../../db/schema/index.ts';
import { createSecretBox } from '../../platform/secrets.ts';
import { worldOf, type ProjectEntry } from '../../test/world.ts';
import { ensurePartitions, monthsAhead } from '../metrics/partitions.ts';
import { ALARM_TICK_JOB } from './alarms.jobs.ts';

/** The cast of the alarm tests: a MEMBER and a NOTICE_VIEWER (`viewer`) of the project, sessions that outlive moved clocks. */
const ALARM_ROLES = { owner: 'OWNER', admin: 'ADMIN', member: 'MEMBER', outsider: null, viewer: 'MEMBER' } as const;
type AlarmCast = keyof typeof ALARM_ROLES;

/**
 * `worldOf` for an alarm test file: the cast above, another organization, the projects given (`main`
 * first) with the email service enabled in `main` under `appKey`, and metric partitions from 40
 * days back. Answers the world's handle, filled before the file's own `beforeAll`.
 */
export function alarmsWorld<P extends string>(options: {
  mailDomain: string;
  otherOrgName: string;
  appKey: string;
  projects: Record<'main' | P, ProjectEntry<AlarmCast>>;
}) {
  const w = worldOf({
    env: { SESSION_IDLE_MINUTES: '100000', SESSION_MAX_HOURS: '720' },
    mailDomain: options.mailDomain,
    roles: ALARM_ROLES,
    otherOrg: { name: options.otherOrgName },
    projects: options.projects,
  });
  beforeAll(async () => {
    const [orgId, projectId] = [w.orgId, w.projects.main];
    await w.t.db.insert(projectProducts).values({ orgId, projectId, productId: 'email', appKey: options.appKey, secretKeyEnc: createSecretBox().seal('s'.repeat(24)), statusCode: 'STABLE' });
    await ensurePartitions(w.t.db, monthsAhead(new Date(w.t.clock.now().getTime() - 40 * 86_400_000)));
  });
  /** One minute's sample of an email metric in `main`. */
  async function minute(at: Date, value: number, resourceId: string, labels: Record<string, string> = {}, metric = 'sent_count') {
    await w.t.db.execute(sql`
    insert into metric_minute (org_id, project_id, service, metric_name, resource_type, resource_id, labels, minute, sample_count, value_sum, value_min, value_max)
    values (${w.orgId}::uuid, ${w.projects.main}::uuid, 'email', ${metric}, 'sender', ${resourceId}, ${JSON.stringify(labels)}::jsonb, ${at.toISOString()}, 1, ${value}, ${value}, ${value})
    on conflict do nothing`);
  }
  /** One run of the alarm tick job. */
  async function tick() {
    await w.t.app.jobs.trigger(ALARM_TICK_JOB);
    await w.t.runPendingJobs();
  }
  return Object.assign(w, { minute, tick });
}
