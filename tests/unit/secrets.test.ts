import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  generatePin,
  generateTemporaryPassword,
  hashSecret,
  PBKDF2_ITERATIONS,
  PIN_GENERATED_LENGTH,
  temporaryPasswordEntropyBits,
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

  // Issue 33 point 9: a form that can be dictated over the phone, with every class the spec asks for.
  it('temporary passwords read as three words and two groups of four digits, with every class', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(fc.integer(), () => {
        const password = generateTemporaryPassword();
        seen.add(password);
        expect(password).toMatch(/^[A-Z][a-z]{3}-[a-z]{4}-[a-z]{4}-\d{4}-\d{4}$/);
        expect(password).toMatch(/[a-z]/);
        expect(password).toMatch(/[A-Z]/);
        expect(password).toMatch(/\d/);
        expect(password).toMatch(/[^A-Za-z0-9]/);
        // Syllables alternate consonant and vowel: each word can be said, never spelled out letter by letter.
        for (const word of password.split('-').slice(0, 3))
          expect(word.toLowerCase()).toMatch(/^([bcdfgjklmnprstvz][aeiou]){2}$/);
      }),
      { numRuns: 1000 },
    );
    expect(seen.size).toBe(1000);
  });

  it('temporary passwords are at least as strong as the 8-to-12-character ones they replace', () => {
    // The old generator: a length drawn among 8..12, then characters among 69. Its entropy is at most
    // log2(5) plus the mean length times log2(69) (the class rules only lower it); 8 characters gave 48.9 bits.
    const oldAlphabet = 25 + 24 + 8 + 12;
    const lengths = [8, 9, 10, 11, 12];
    const oldUpperBound =
      Math.log2(lengths.length) +
      lengths.reduce((sum, n) => sum + n * Math.log2(oldAlphabet), 0) / lengths.length;
    const oldShortest = 8 * Math.log2(oldAlphabet);
    expect(oldUpperBound).toBeCloseTo(63.4, 1);
    expect(oldShortest).toBeCloseTo(48.9, 1);
    const bits = temporaryPasswordEntropyBits();
    expect(bits).toBeCloseTo(64.5, 1);
    expect(bits).toBeGreaterThan(oldUpperBound);
  });
});
