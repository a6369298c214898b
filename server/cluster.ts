import cluster, { type Worker } from 'node:cluster';

/**
 * Several processes of the server on one port (issue 31): WORKERS (default 1) Node processes share the port
 * through node:cluster, so one machine's cores all serve requests (one process tops out near one core: a
 * check-in batch costs ~1.5 ms of Node CPU). PostgreSQL only: the workers are then exactly several servers of
 * one database (see README "PostgreSQL : plusieurs serveurs"), whose shared state already lives in the
 * database: sessions, rate limits, write budgets, device contacts, the setup code (set once, replaceIf), the
 * organisation's lock and revisions; live streams hear other processes' commits by LISTEN/NOTIFY. What stays
 * per process is a cache checked against the database (rights by revision, committed device numbers, device
 * owners, related-record guesses) and the group commit's queue (two processes' groups of one organisation
 * take turns on its lock). SQLite has one writer: WORKERS above 1 is refused there.
 */

export const MAX_WORKERS = 64;

export class WorkersError extends Error {}

/** The WORKERS setting: 1 when absent; an error for anything but 1..MAX_WORKERS, or above 1 without PostgreSQL. */
export function workersFromEnv(env: NodeJS.ProcessEnv, databaseUrl: string | null | undefined): number {
  const raw = env.WORKERS?.trim();
  if (!raw) return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > MAX_WORKERS)
    throw new WorkersError(`WORKERS doit être un entier de 1 à ${MAX_WORKERS} (reçu « ${raw} »).`);
  if (n > 1 && !databaseUrl)
    throw new WorkersError(
      'WORKERS au-dessus de 1 demande PostgreSQL (DATABASE_URL) : une base SQLite n’a qu’un processus écrivain.',
    );
  return n;
}

/** A worker that dies is replaced after this delay (doubled while they keep dying, up to RESTART_MAX_MS). */
const RESTART_MS = 500;
const RESTART_MAX_MS = 30_000;
/** A worker that lived this long resets the delay. */
const STABLE_MS = 60_000;

/**
 * The primary process: forks `count` workers (each runs this same script as a server), replaces one that
 * dies, passes SIGINT/SIGTERM on and exits once they all have.
 */
export function superviseWorkers(count: number, log: (line: string) => void): void {
  let stopping = false;
  let exitCode = 0;
  let delay = RESTART_MS;
  // Until one worker has listened, a worker's exit 1 is a start that failed (port taken, database
  // unreachable, migration refused): the same for every worker, so the server ends with it.
  let anyListened = false;
  const started = new Map<Worker, number>();
  const fork = () => {
    const worker = cluster.fork();
    started.set(worker, Date.now());
  };
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (started.get(worker) ?? Date.now());
    started.delete(worker);
    if (stopping) {
      if (started.size === 0) process.exit(exitCode);
      return;
    }
    // A worker that cannot start exits 1 with its French line: the whole server ends the same way (exit 1)
    // rather than a loop of failing starts. Later (the server has served), a dead worker is replaced.
    if (code === 1 && !anyListened) {
      exitCode = 1;
      stop('SIGTERM');
      return;
    }
    delay = lived >= STABLE_MS ? RESTART_MS : Math.min(RESTART_MAX_MS, delay * 2);
    log(`Processus ${worker.process.pid} arrêté (${signal ?? `code ${code}`}) : relancé dans ${delay} ms.`);
    setTimeout(fork, delay).unref();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    if (started.size === 0) process.exit(exitCode);
    for (const worker of started.keys()) worker.process.kill(signal);
  };
  cluster.on('listening', () => {
    anyListened = true;
  });
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  for (let i = 0; i < count; i += 1) fork();
  log(`${count} processus serveur sur le même port (WORKERS=${count}).`);
}

export const isPrimary = (): boolean => cluster.isPrimary;
