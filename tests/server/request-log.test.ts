import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { createMemorySyncStorage } from '../../server/storage/memory-sync-storage';
import { testConfig } from './helpers';

/**
 * Issue 31: the server writes one log line per request, once answered (log-redaction.ts OneLinePerRequest),
 * instead of Fastify's two. The line still says what both said: method, path with the query's values masked,
 * status and time, under the request's id.
 */
describe('the request log', () => {
  let app: FastifyInstance | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  async function start(): Promise<Record<string, unknown>[]> {
    const lines: Record<string, unknown>[] = [];
    app = await buildApp({
      config: testConfig(),
      storage: createMemorySyncStorage(),
      logger: true,
      logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    return lines;
  }
  const requestLines = (lines: Record<string, unknown>[]) => lines.filter((l) => l.reqId !== undefined);

  it('says each answered request in one line: method, masked path, status and time', async () => {
    const lines = await start();
    const health = await app!.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const missing = await app!.inject({ method: 'GET', url: '/nulle-part?token=SECRET123' });
    expect(missing.statusCode).toBe(404);

    const byRequest = Map.groupBy(requestLines(lines), (l) => l.reqId);
    expect([...byRequest.keys()]).toHaveLength(2);
    const [first, second] = [...byRequest.values()];
    // One line for the health check: what Fastify said in « incoming request » and « request completed ».
    expect(first).toHaveLength(1);
    expect(first?.[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/health' },
      res: { statusCode: 200 },
    });
    expect(typeof first?.[0]?.responseTime).toBe('number');
    // The 404's line (and Fastify's « Route … not found »), its token masked in both.
    expect(second?.find((l) => l.msg === 'request completed')).toMatchObject({
      req: { method: 'GET', url: '/nulle-part?token=[masqué]' },
      res: { statusCode: 404 },
    });
    expect(second?.filter((l) => l.msg === 'incoming request')).toEqual([]);
    expect(JSON.stringify(lines)).not.toContain('SECRET123');
  });
});
