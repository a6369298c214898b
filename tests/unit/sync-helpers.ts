import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import type { FetchLike } from '../../src/sync/engine';
import { tempDataFile } from '../server/helpers';

export interface TestServer {
  app: FastifyInstance;
  /** A fetch that reaches the real app through `inject`, counting the bytes each way. */
  fetch: FetchLike;
  bytes: { sent: number; received: number; requests: number };
  isDown: boolean;
  close: () => Promise<void>;
}

export async function startTestServer(): Promise<TestServer> {
  const data = tempDataFile();
  const config = { ...configFromEnv({}), dataFile: data.file, staticDir: null };
  const app = await buildApp({ config });
  const server: TestServer = {
    app,
    bytes: { sent: 0, received: 0, requests: 0 },
    isDown: false,
    fetch: async (url, init) => {
      if (server.isDown) throw new TypeError('Failed to fetch');
      const body = typeof init?.body === 'string' ? init.body : undefined;
      const headers: Record<string, string> = {};
      new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
      const res = await app.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url,
        headers,
        ...(body === undefined ? {} : { payload: body }),
      });
      server.bytes.requests += 1;
      server.bytes.sent += url.length + (body === undefined ? 0 : Buffer.byteLength(body));
      server.bytes.received += res.rawPayload.length;
      const out = new Headers();
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, String(v));
      return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode, headers: out });
    },
    close: async () => {
      await app.close();
      data.cleanup();
    },
  };
  return server;
}
