import { describe, expect, it } from 'vitest';
import { putMutation as mutation } from '../support/builders';
import { api, serverBackends, useSeededOrg } from './helpers';

/**
 * Issue 31: a push's contacts (device-contacts.ts, the trusted-time contact rule) are committed with its batch
 * on PostgreSQL (no statement of their own) and written after it elsewhere. On every engine: a pushed batch
 * leaves its device's last contact at the time of the request, each of several devices pushing at once (one
 * PostgreSQL group) its own; a push refused before its batch (write budget) leaves none.
 */
const backends = await serverBackends();
const ORG = 'contacts';

describe.each(backends)('$name: contacts written with the batch', (backend) => {
  const org = useSeededOrg(backend, ORG, {
    // One byte unit an hour (BYTE_UNIT): the first push of the hour passes, the next is refused.
    config: { writeBudget: { bytesPerMinute: 10 * 1024 ** 2, mutationsPerMinute: 10_000, bytesPerHour: 1 } },
  });
  const deviceContact = (clientId: string) =>
    org.server.storage.settings.get(`contact:${ORG}:device:${clientId}`);
  const push = (clientId: string, id: string) =>
    api(`${org.server.url}/api/mutations?orgId=${ORG}`, org.root, {
      method: 'POST',
      body: {
        clientId,
        mutations: [mutation({ collection: 'institutes', recordId: id, values: { id, name: id, abbr: id } })],
      },
    });

  it('records the device contact of a pushed batch; a push refused by the budget records none', async () => {
    const before = Date.now();
    expect((await push('device-a', 'i-a')).status).toBe(200);
    const at = await deviceContact('device-a');
    expect(at).not.toBeNull();
    expect(Date.parse(at ?? '')).toBeGreaterThanOrEqual(before - 1_000);
    expect(Date.parse(at ?? '')).toBeLessThanOrEqual(Date.now());

    expect((await push('device-b', 'i-b')).status).toBe(429);
    expect(await deviceContact('device-b')).toBeNull();
  });
});

describe.each(backends)('$name: contacts of batches pushed together', (backend) => {
  const org = useSeededOrg(backend, ORG);
  it('gives each device its own last contact', async () => {
    const devices = Array.from({ length: 8 }, (_, i) => `device-${i}`);
    const answers = await Promise.all(
      devices.map((clientId, i) =>
        api(`${org.server.url}/api/mutations?orgId=${ORG}`, org.root, {
          method: 'POST',
          body: {
            clientId,
            mutations: [
              mutation({
                collection: 'institutes',
                recordId: `i-${i}`,
                values: { id: `i-${i}`, name: `I ${i}`, abbr: `I${i}` },
              }),
            ],
          },
        }),
      ),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    for (const clientId of devices)
      expect(await org.server.storage.settings.get(`contact:${ORG}:device:${clientId}`)).not.toBeNull();
  });
});
