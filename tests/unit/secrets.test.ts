import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  generatePin,
  generateTemporaryPassword,
  hashSecret,
  PBKDF2_ITERATIONS,
  PIN_GENERATED_LENGTH,
  TEMP_PASSWORD_MAX_LENGTH,
  TEMP_PASSWORD_MIN_LENGTH,
  verifySecret,
} from '../../src/domain/secrets';

describe('secret hashing (PBKDF2-SHA256)', () => {
  it('uses the OWASP iteration count by default and verifies', async () => {
    const encoded = await hashSecret('Mot2Passe!');
    expect(encoded.split('$')[1]).toBe(String(PBKDF2_ITERATIONS));
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(600_000);
    expect(await verifySecret('Mot2Passe!', encoded)).toBe(true);
    expect(await verifySecret('mot2passe!', encoded)).toBe(false);
  });

  it('never contains the clear text, and salts differ between two hashes of the same secret', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 4, maxLength: 20 }), async (secret) => {
        const a = await hashSecret(secret, { iterations: 10 });
        const b = await hashSecret(secret, { iterations: 10 });
        expect(a).not.toBe(b);
        expect(a.split('$').slice(2).join('$')).not.toContain(secret);
        expect(await verifySecret(secret, a)).toBe(true);
        expect(await verifySecret(`${secret}x`, a)).toBe(false);
      }),
      { numRuns: 30 },
    );
  });

  it.each([undefined, null, '', 'clair', 'pbkdf2-sha256$x$y$z', 'sha1$1$a$b'])(
    'refuses a malformed stored value %s',
    async (value) => {
      expect(await verifySecret('clair', value)).toBe(false);
    },
  );
});

describe('generators (spec part 1 point 9)', () => {
  it('PINs are 6 digits', () => {
    fc.assert(
      fc.property(fc.integer(), () => {
        expect(generatePin()).toMatch(new RegExp(`^\\d{${PIN_GENERATED_LENGTH}}$`));
      }),
      { numRuns: 500 },
    );
  });

  it('temporary passwords have 8 to 12 characters with lower, upper, digit and symbol', () => {
    const lengths = new Set<number>();
    fc.assert(
      fc.property(fc.integer(), () => {
        const password = generateTemporaryPassword();
        lengths.add(password.length);
        expect(password.length).toBeGreaterThanOrEqual(TEMP_PASSWORD_MIN_LENGTH);
        expect(password.length).toBeLessThanOrEqual(TEMP_PASSWORD_MAX_LENGTH);
        expect(password).toMatch(/[a-z]/);
        expect(password).toMatch(/[A-Z]/);
        expect(password).toMatch(/\d/);
        expect(password).toMatch(/[^A-Za-z0-9]/);
      }),
      { numRuns: 1000 },
    );
    expect([...lengths].sort((a, b) => a - b)).toEqual([8, 9, 10, 11, 12]);
  });
});
