import { Client } from 'pg';

/** Runs `fn` on a connection of its own to `databaseUrl`, closed when `fn` has settled (the bench's one-off statements). */
export async function withClient<T>(databaseUrl: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
