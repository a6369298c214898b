import { describe, expect, it } from 'vitest';
import { parseInstituteZone, zoneInputOf } from '../../src/domain/settings/institute-zone';

describe('institute reference zone (location trust)', () => {
  it.each([
    [['', '', ''], { ok: true, value: null }],
    [['14.69', '', ''], { ok: false, issue: 'zone-incomplete' }],
    [
      ['14,6928', '-17.4467', '150'],
      { ok: true, value: { latitude: 14.6928, longitude: -17.4467, radiusM: 150 } },
    ],
    [['90', '180', '10'], { ok: true, value: { latitude: 90, longitude: 180, radiusM: 10 } }],
    [['90.0001', '0', '100'], { ok: false, issue: 'latitude-invalid' }],
    [['0', '-180.5', '100'], { ok: false, issue: 'longitude-invalid' }],
    [['0', '0', '9'], { ok: false, issue: 'radius-invalid' }],
    [['0', '0', '50000'], { ok: true, value: { latitude: 0, longitude: 0, radiusM: 50000 } }],
    [['0', '0', '50001'], { ok: false, issue: 'radius-invalid' }],
    [['0', '0', '12.5'], { ok: false, issue: 'radius-invalid' }],
    [['abc', '0', '100'], { ok: false, issue: 'latitude-invalid' }],
  ])('%j -> %j', ([latitude, longitude, radiusM], expected) => {
    expect(parseInstituteZone({ latitude: latitude!, longitude: longitude!, radiusM: radiusM! })).toEqual(
      expected,
    );
  });

  it('reads back a stored zone', () => {
    expect(zoneInputOf({ latitude: 14.5, longitude: -17, radiusM: 200 })).toEqual({
      latitude: '14.5',
      longitude: '-17',
      radiusM: '200',
    });
    expect(zoneInputOf({})).toEqual({ latitude: '', longitude: '', radiusM: '' });
  });
});
