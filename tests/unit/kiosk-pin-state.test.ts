import { describe, expect, it } from 'vitest';
import { kioskPinState } from '../../src/domain/auth/kiosk-pin-state';

describe('a kiosk name without a PIN is greyed before any digit (issue 33)', () => {
  it.each([
    ['no PIN field', {}, 'no-pin'],
    ['an empty PIN hash', { pinHash: '' }, 'no-pin'],
    ['a PIN hash', { pinHash: 'pbkdf2$abc' }, 'ready'],
  ] as const)('%s: %s', (_label, user, expected) => {
    expect(kioskPinState(user)).toBe(expected);
  });
});
