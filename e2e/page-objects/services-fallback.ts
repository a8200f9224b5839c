import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { createSecretBox, randomKey } from '../../apps/api/src/platform/secrets.ts';

/**
 * BEFORE the services core (issue 9 part A) is merged only: enables Email in a project and
 * regenerates its SecretKey by writing the e2e server's database the way part A's calls do (a
 * project product row with a sealed SecretKey), so the product's side of the flow can run on a
 * branch without those calls. Used only with E2E_EMAIL_ENABLE_FALLBACK=db (and E2E_PG_PORT,
 * E2E_DATA_DIR); with part A merged, the spec uses the console's calls and pages and this file goes.
 */
export const fallbackEnabled = process.env.E2E_EMAIL_ENABLE_FALLBACK === 'db';

async function withDatabase<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const dataDir = path.resolve(import.meta.dirname, '../..', process.env.E2E_DATA_DIR ?? '.tmp/e2e-data');
  const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const client = new Client({ connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${process.env.E2E_PG_PORT}/postgres` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The e2e server's development secrets key (it runs without SECRETS_KEY). */
const box = createSecretBox();

export async function enableEmailDirectly(projectId: string): Promise<{ appKey: string; secretKey: string }> {
  const appKey = randomKey(20);
  const secretKey = randomKey(32);
  await withDatabase((client) =>
    client.query(
      `insert into project_products (org_id, project_id, product_id, app_key, secret_key_enc) select org_id, id, 'email', $2, $3 from projects where id = $1`,
      [projectId, appKey, box.seal(secretKey)],
    ),
  );
  return { appKey, secretKey };
}

export async function regenerateDirectly(appKey: string): Promise<string> {
  const secretKey = randomKey(32);
  await withDatabase((client) => client.query(`update project_products set secret_key_enc = $2, secret_key_issued_at = now() where app_key = $1`, [appKey, box.seal(secretKey)]));
  return secretKey;
}
