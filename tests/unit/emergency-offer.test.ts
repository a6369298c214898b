import { describe, expect, it } from 'vitest';
import { offersEmergencyArea, type EmergencyOfferInput } from '../../src/domain/auth/emergency-offer';

// Issue 31 item 7: the emergency area appears only once the server said the school has no active
// administrator, and never on a device whose database vanished (open page) or was found emptied at start.
describe('offersEmergencyArea', () => {
  const cases: [string, EmergencyOfferInput, boolean][] = [
    [
      'server: no administrator, storage intact',
      { server: { needsEmergency: true }, storage: 'intact' },
      true,
    ],
    ['server: an administrator exists', { server: { needsEmergency: false }, storage: 'intact' }, false],
    ['no server answer (offline): the device copy never decides', { server: null, storage: 'intact' }, false],
    [
      'database vanished under the open page',
      { server: { needsEmergency: true }, storage: 'vanished' },
      false,
    ],
    ['vanished and offline', { server: null, storage: 'vanished' }, false],
    [
      'database emptied since last visit, work lost',
      { server: { needsEmergency: true }, storage: 'replaced' },
      false,
    ],
    [
      'replaced, server says an administrator exists',
      { server: { needsEmergency: false }, storage: 'replaced' },
      false,
    ],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(offersEmergencyArea(input)).toBe(expected);
  });
});
