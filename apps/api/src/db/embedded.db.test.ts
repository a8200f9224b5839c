import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.ts';

const quiet = { info: () => {}, warn: () => {} };

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function query(url: string, text: string) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

let dataDir: string;
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('embedded PostgreSQL', () => {
  it('refuses a second server on its data directory, and comes back with its data after its server was killed with SIGKILL', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'console-crash-'));
    await chmod(dataDir, 0o755);
    const port = await freePort();

    // A server process starts the cluster, commits a row, then dies without any cleanup.
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `
        import { startEmbeddedPostgres } from ${JSON.stringify(path.join(import.meta.dirname, 'embedded.ts'))};
        import { Client } from 'pg';
        const db = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port}, log: { info() {}, warn() {} } });
        const client = new Client({ connectionString: db.url });
        await client.connect();
        await client.query('create table survivors (name text)');
        await client.query("insert into survivors values ('committed before the crash')");
        process.stdout.write('ready\\n');
        setInterval(() => {}, 1000);
        `,
      ],
      { cwd: path.join(import.meta.dirname, '../..'), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      child.once('exit', (code) => reject(new Error(`child exited early with ${code}`)));
    });
    // A second server on the same data directory is refused and leaves the first one's database alone.
    await expect(startEmbeddedPostgres({ dataDir, port, log: quiet })).rejects.toThrow(/in use by another running server/);
    const password = (await readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim();
    const liveUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
    expect(await query(liveUrl, 'select count(*)::int as n from survivors')).toEqual([{ n: 1 }]);

    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    // Its postmaster is orphaned and still holds the data directory.
    const pidFile = await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8');
    const orphan = Number(pidFile.split('\n')[0]);
    expect(() => process.kill(orphan, 0)).not.toThrow();

    const restarted = await startEmbeddedPostgres({ dataDir, port, log: quiet });
    try {
      expect(await query(restarted.url, 'select name from survivors')).toEqual([{ name: 'committed before the crash' }]);
    } finally {
      await restarted.stop();
    }
  }, 60_000);
});
