import { describe, expect, it } from 'vitest';
import { ORG_SETTINGS_ID } from '../../src/domain/defaults';
import { MOUSSA, mutationNow, teacher } from '../support/builders';
import { pushOne, serverBackends, signInAs, storeOf, useSeededOrg } from './helpers';

/**
 * Issue 35: the organisation's time zone (settings record `org`, field `timeZone`, the hours of the calendar
 * feeds), set in Paramètres › Données, over real HTTP on every storage engine. The server keeps a real IANA
 * zone from whoever holds settings.donnees, refuses a forged one (the store schema), and refuses the field
 * to anyone else.
 */
const backends = await serverBackends();
const ORG = 'ecole-fuseau';

describe.each(backends)('the organisation’s time zone ($name)', (backend) => {
  const org = useSeededOrg(backend, ORG, {
    store: async () => ({
      users: [await teacher(MOUSSA, { name: MOUSSA.name })],
      settings: [{ id: ORG_SETTINGS_ID, pinValidityDays: 90 }],
    }),
  });

  const setZone = (cookie: string, timeZone: unknown) =>
    pushOne(
      org.server.url,
      ORG,
      cookie,
      mutationNow({
        collection: 'settings',
        recordId: ORG_SETTINGS_ID,
        values: { timeZone },
        changedFields: ['timeZone'],
        baseRevision: org.revision,
      }),
    );
  const storedZone = async () =>
    (await storeOf(org.server, ORG)).settings.find((s) => s.id === ORG_SETTINGS_ID)?.timeZone;

  it('keeps a real IANA zone set by the administrator of the data', async () => {
    const result = await setZone(org.root, 'Europe/Paris');
    expect(result.status).toBe('applied');
    expect(await storedZone()).toBe('Europe/Paris');
    // The rest of the record is left as it was.
    const settings = (await storeOf(org.server, ORG)).settings.find((s) => s.id === ORG_SETTINGS_ID);
    expect(settings?.pinValidityDays).toBe(90);
  });

  it.each([['Europe/Atlantis'], ['+01:00'], ['africa/dakar'], ['Africa/Dakar; DROP'], [''], [3600], [null]])(
    'refuses the forged zone %j: nothing is written',
    async (zone) => {
      expect((await setZone(org.root, 'Asia/Tokyo')).status).toBe('applied');
      const result = await setZone(org.root, zone);
      expect([result.status, result.reason]).toEqual(['rejected', 'invalid-record']);
      // The device gets the record back as the server holds it.
      expect((result.record?.data as { timeZone?: unknown } | undefined)?.timeZone).toBe('Asia/Tokyo');
      expect(await storedZone()).toBe('Asia/Tokyo');
    },
  );

  it('refuses a real zone from a teacher (the field needs settings.donnees)', async () => {
    const cookie = await signInAs(org.server.url, ORG, MOUSSA);
    const result = await setZone(cookie, 'Europe/Paris');
    expect([result.status, result.reason]).toEqual(['rejected', 'forbidden']);
    expect(await storedZone()).toBeUndefined();
  });
});
