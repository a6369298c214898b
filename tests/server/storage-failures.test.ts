import type Database from 'better-sqlite3';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { registerHttpHooks } from '../../server/http-hooks';
import { openSqliteSyncStorage } from '../../server/storage/sqlite-sync-storage';
import { storageFailureOf } from '../../server/storage/storage-failure';
import { WriteHealth } from '../../server/storage/write-health';
import type { Mutation, PushResponse } from '../../src/domain/sync/protocol';
import { putMutation as mutation } from '../support/builders';
import { api, seedOrg, tempDataFile, testConfig } from './helpers';

/**
 * Issue 31: failures of the world around the app (database out of reach, full disk, read-only storage, I/O
 * error) answer 503 with Retry-After and a French message a device can show, never the driver's text or the
 * database's address; /api/health reports a failing write path; the server recovers without a restart.
 */

function coded(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('storage failures: what kind each driver error is', () => {
  it.each([
    [coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'), 'unreachable'],
    [
      new AggregateError([coded('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'all refused'),
      'unreachable',
    ],
    [new Error('Connection terminated unexpectedly'), 'unreachable'],
    [new Error('timeout exceeded when trying to connect'), 'unreachable'],
    [coded('terminating connection due to administrator command', '57P01'), 'unreachable'],
    [coded('the database system is starting up', '57P03'), 'unreachable'],
    [coded('too many connections for role', '53300'), 'unreachable'],
    [coded('could not extend file: No space left on device', '53100'), 'full'],
    [coded('cannot execute INSERT in a read-only transaction', '25006'), 'read-only'],
    [coded('database or disk is full', 'SQLITE_FULL'), 'full'],
    [coded('attempt to write a readonly database', 'SQLITE_READONLY'), 'read-only'],
    [coded('attempt to write a readonly database', 'SQLITE_READONLY_DBMOVED'), 'read-only'],
    [coded('disk I/O error', 'SQLITE_IOERR_WRITE'), 'io'],
    [coded('ENOSPC: no space left on device, write', 'ENOSPC'), 'full'],
    [coded('EROFS: read-only file system', 'EROFS'), 'read-only'],
  ])('%s is %s', (error, kind) => {
    expect(storageFailureOf(error)).toBe(kind);
  });

  it.each([
    new Error('Cannot read properties of undefined'),
    coded('duplicate key value violates unique constraint', '23505'),
    coded('UNIQUE constraint failed: records.id', 'SQLITE_CONSTRAINT_UNIQUE'),
    coded('database is locked', 'SQLITE_BUSY'),
    'a string',
  ])('%s is not a storage failure', (error) => {
    expect(storageFailureOf(error)).toBeNull();
  });
});

describe('storage failures: the answers', () => {
  async function appThrowing(error: Error) {
    const app = Fastify();
    const health = new WriteHealth();
    registerHttpHooks(app, testConfig(), health);
    app.get('/fails', () => Promise.reject(error));
    await app.ready();
    return { app, health };
  }

  it('answers an unreachable database 503 with Retry-After in French, without its address or the driver text', async () => {
    const { app, health } = await appThrowing(coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'));
    const response = await app.inject('/fails');
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      error: 'storage-unavailable',
      reason: 'unreachable',
      message: expect.stringContaining('ne joint pas sa base de données') as unknown,
    });
    expect(response.body).not.toMatch(/127\.0\.0\.1|5432|ECONNREFUSED/);
    expect(health.failing()).toBe('unreachable');
    await app.close();
  });

  it('answers any other failure 500 in French, without its text', async () => {
    const { app, health } = await appThrowing(new Error('secret detail at /srv/app/server.ts:12'));
    const response = await app.inject('/fails');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: 'server-error',
      message: 'Erreur interne du serveur. Réessayez plus tard.',
    });
    expect(response.body).not.toContain('secret');
    expect(health.failing()).toBeNull();
    await app.close();
  });

  it('forgets a write failure after its window when no write came to clear it', () => {
    const health = new WriteHealth(30_000);
    health.noteError(coded('database or disk is full', 'SQLITE_FULL'), 1_000);
    expect(health.failing(31_000)).toBe('full');
    expect(health.failing(31_001)).toBeNull();
    health.noteError(coded('disk I/O error', 'SQLITE_IOERR_WRITE'), 40_000);
    health.noteSuccess();
    expect(health.failing(40_001)).toBeNull();
  });
});

describe('sqlite: a full disk and a read-only database', () => {
  /** A server on a SQLite file whose connection the test holds (max_page_count: the disk is full). */
  async function serverWithHandle() {
    const data = tempDataFile();
    let handle: Database.Database | undefined;
    const config = testConfig({ dataFile: data.file });
    const storage = openSqliteSyncStorage(data.file, { onOpen: (db) => (handle = db) });
    const app = await buildApp({ config, storage });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!handle || address === null || typeof address === 'string') throw new Error('not started');
    return {
      db: handle,
      url: `http://127.0.0.1:${address.port}`,
      close: async () => {
        await app.close();
        data.cleanup();
      },
    };
  }

  /** A batch of new institutes, enough bytes to need new pages of the file. */
  function batchOf(prefix: string, count: number): Mutation[] {
    return Array.from({ length: count }, (_, i) => {
      const id = `${prefix}-${i}`;
      return mutation({
        collection: 'institutes',
        recordId: id,
        values: { id, name: `Institut ${id} ${'x'.repeat(200)}`, abbr: id },
      });
    });
  }

  const push = (url: string, cookie: string, mutations: Mutation[]) =>
    api(`${url}/api/mutations?orgId=full`, cookie, {
      method: 'POST',
      body: { clientId: 'phone', mutations },
    });

  async function institutes(url: string, cookie: string): Promise<{ etag: string | null; ids: string[] }> {
    const response = await api(`${url}/api/store?orgId=full`, cookie);
    expect(response.status).toBe(200);
    const store = (await response.json()) as { institutes: { id: string }[] };
    return { etag: response.headers.get('etag'), ids: store.institutes.map((i) => i.id).sort() };
  }

  it('answers 503 in French while the disk is full, health says so, nothing is half-written, and it recovers without a restart', async () => {
    const server = await serverWithHandle();
    try {
      const { cookie } = await seedOrg(server.url, 'full');
      const first = batchOf('a', 5);
      expect((await push(server.url, cookie, first)).status).toBe(200);
      const before = await institutes(server.url, cookie);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

      // The disk fills up: the file may not grow by a single page (clamped to its current size).
      server.db.pragma('max_page_count = 1');
      const batch = batchOf('b', 40);
      const refused = await push(server.url, cookie, batch);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      const body = await refused.text();
      expect(JSON.parse(body)).toEqual({
        error: 'storage-unavailable',
        reason: 'full',
        message: expect.stringContaining('Le disque du serveur est plein') as unknown,
      });
      expect(body).not.toMatch(/SQLITE|database or disk/i);

      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({
        ok: false,
        storage: 'sqlite',
        error: 'writes-failing',
        reason: 'full',
      });
      // Nothing of the refused batch, and the same revision: all or nothing.
      expect(await institutes(server.url, cookie)).toEqual(before);

      // Space is back: the device's retry of the same batch is stored, once, and health is green again.
      server.db.pragma('max_page_count = 1073741823');
      const retried = await push(server.url, cookie, batch);
      expect(retried.status).toBe(200);
      const answer = (await retried.json()) as PushResponse;
      expect(answer.results.map((r) => r.status)).toEqual(batch.map(() => 'applied'));
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      const after = await institutes(server.url, cookie);
      expect(after.ids).toEqual([...before.ids, ...batch.map((m) => m.recordId)].sort());
      expect(after.etag).toBe(`"${String(answer.revision)}"`);
    } finally {
      await server.close();
    }
  });

  it('answers 503 while the database is read-only, and recovers when it is writable again', async () => {
    const server = await serverWithHandle();
    try {
      const { cookie } = await seedOrg(server.url, 'full');
      server.db.pragma('query_only = 1');
      const batch = batchOf('c', 2);
      const refused = await push(server.url, cookie, batch);
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { reason: string; message: string }).message).toContain(
        'lecture seule',
      );
      expect(await (await fetch(`${server.url}/api/health`)).json()).toMatchObject({
        ok: false,
        reason: 'read-only',
      });
      server.db.pragma('query_only = 0');
      expect((await push(server.url, cookie, batch)).status).toBe(200);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
