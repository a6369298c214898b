import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, validTimeZone } from '../../src/domain/calendar/ics';
import {
  ORG_TIME_ZONE_DEFAULT,
  filterTimeZones,
  isIanaTimeZone,
  orgTimeZone,
  timeZoneChoice,
  timeZoneChoices,
} from '../../src/domain/settings/time-zone';
import { orgSettingsSchema } from '../../src/domain/store/schema';

/** Issue 35: the organisation's time zone, chosen in Paramètres, read by the calendar feeds. */
describe('isIanaTimeZone: only a real IANA zone is stored', () => {
  it.each([
    ['Africa/Dakar', true],
    ['Europe/Paris', true],
    ['America/Argentina/Buenos_Aires', true],
    ['Etc/GMT+1', true],
    ['UTC', true],
    // A backward link of the database is a real zone too.
    ['US/Eastern', true],
    // Intl accepts an offset, but it is no zone (no summer time, no VTIMEZONE name).
    ['+01:00', false],
    ['-05:00', false],
    ['africa/dakar', false],
    ['Africa/Dakar ', false],
    [' Africa/Dakar', false],
    ['Mars/Olympus_Mons', false],
    ['Africa/Dakar/Plateau', false],
    ['', false],
    ['Africa/' + 'A'.repeat(58), false],
    [42, false],
    [null, false],
  ])('%j → %s', (zone, expected) => {
    expect(isIanaTimeZone(zone)).toBe(expected);
  });

  it('every zone the runtime lists is accepted', () => {
    const listed = Intl.supportedValuesOf('timeZone');
    expect(listed.length).toBeGreaterThan(300);
    expect(listed.filter((z) => !isIanaTimeZone(z))).toEqual([]);
  });

  it('what it accepts, the calendar feed uses as is (never silently replaced by its default)', () => {
    for (const zone of ['Europe/Paris', 'Etc/GMT+1', 'UTC', 'America/Argentina/Buenos_Aires'])
      expect(validTimeZone(zone)).toBe(zone);
    expect(ORG_TIME_ZONE_DEFAULT).toBe(DEFAULT_TIME_ZONE);
  });
});

describe('the settings record: the store schema refuses a forged zone', () => {
  it.each([
    [{ id: 'org', pinValidityDays: 90 }, true],
    [{ id: 'org', pinValidityDays: 90, timeZone: 'Europe/Paris' }, true],
    [{ id: 'org', pinValidityDays: 90, timeZone: 'Europe/Atlantis' }, false],
    [{ id: 'org', pinValidityDays: 90, timeZone: '+01:00' }, false],
    [{ id: 'org', pinValidityDays: 90, timeZone: '' }, false],
    [{ id: 'org', pinValidityDays: 90, timeZone: 3600 }, false],
  ])('%j valid: %s', (record, expected) => {
    expect(orgSettingsSchema.safeParse(record).success).toBe(expected);
  });

  it.each([
    [undefined, 'Africa/Dakar'],
    [{}, 'Africa/Dakar'],
    [{ timeZone: 'Europe/Atlantis' }, 'Africa/Dakar'],
    [{ timeZone: 'Asia/Tokyo' }, 'Asia/Tokyo'],
  ])('orgTimeZone(%j) = %s', (settings, expected) => {
    expect(orgTimeZone(settings)).toBe(expected);
  });
});

describe('the list offered: French labels, offsets of the day, search', () => {
  const winter = new Date('2026-01-15T12:00:00.000Z');
  const summer = new Date('2026-07-15T12:00:00.000Z');

  it.each([
    ['Africa/Dakar', winter, 'Afrique / Dakar — UTC+00:00'],
    ['Europe/Paris', winter, 'Europe / Paris — UTC+01:00'],
    // Summer time: the offset of that date.
    ['Europe/Paris', summer, 'Europe / Paris — UTC+02:00'],
    ['America/Argentina/Buenos_Aires', winter, 'Amérique / Argentina / Buenos Aires — UTC-03:00'],
    ['Indian/Reunion', winter, 'Océan Indien / Reunion — UTC+04:00'],
    ['Asia/Kolkata', winter, 'Asie / Kolkata — UTC+05:30'],
    ['UTC', winter, 'UTC — UTC+00:00'],
  ])('%s on %s: %s', (zone, at, label) => {
    expect(timeZoneChoice(zone, at).label).toBe(label);
  });

  const choices = timeZoneChoices(
    ['Europe/Paris', 'Africa/Dakar', 'America/Sao_Paulo', 'bogus'],
    'Asia/Tokyo',
    winter,
  );

  it('the runtime’s zones, UTC and the stored one, real zones only, by French label', () => {
    expect(choices.map((c) => c.id)).toEqual([
      'Africa/Dakar',
      'America/Sao_Paulo',
      'Asia/Tokyo',
      'Europe/Paris',
      'UTC',
    ]);
  });

  it.each([
    ['', ['Africa/Dakar', 'America/Sao_Paulo', 'Asia/Tokyo', 'Europe/Paris', 'UTC']],
    // Accents and case ignored, French region names found.
    ['amerique', ['America/Sao_Paulo']],
    ['AFRIQUE dakar', ['Africa/Dakar']],
    // The IANA name itself, and the offset.
    ['sao_paulo', ['America/Sao_Paulo']],
    ['utc+09', ['Asia/Tokyo']],
    ['UTC-03', ['America/Sao_Paulo']],
    ['  paris  ', ['Europe/Paris']],
    ['Lune', []],
  ])('search %j', (query, ids) => {
    expect(filterTimeZones(choices, query).map((c) => c.id)).toEqual(ids);
  });
});
