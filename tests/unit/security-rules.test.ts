import { describe, expect, it } from 'vitest';
import { ConfigError, trustProxyFrom } from '../../server/config';
import { jsonDepthExceeds, jsonHasNul, MAX_JSON_DEPTH, valueHasNul } from '../../server/json-depth';
import { generateSetupCode } from '../../server/auth/setup-code';
import { hashSecret, hasHashParameters, PBKDF2_ITERATIONS, verifySecret } from '../../src/domain/secrets';

describe('TRUST_PROXY forms', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['false', false],
    ['1', 1],
    ['true', 1],
    ['2', 2],
    ['10.0.0.2', ['10.0.0.2']],
    ['10.0.0.2, 192.168.0.0/16', ['10.0.0.2', '192.168.0.0/16']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
    ['loopback', ['loopback']],
  ])('%s -> %j', (raw, expected) => {
    expect(trustProxyFrom(raw)).toEqual(expected);
  });

  it.each(['tout', '10.0.0.300', '10.0.0.0/33', 'fd00::/129', '10.0.0.1/8/2', ','])('refuses %s', (raw) => {
    expect(() => trustProxyFrom(raw)).toThrow(ConfigError);
  });
});

describe('JSON nesting bound', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  it('accepts the bound and refuses one level more', () => {
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
  });
  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonDepthExceeds(JSON.stringify({ a: '['.repeat(500), b: '\\"[[[' }), 3)).toBe(false);
  });
});

describe('NUL characters (PostgreSQL stores none)', () => {
  it.each([
    [{ email: 'a\u0000@b.sn' }, true],
    [{ 'k\u0000': 1 }, true],
    [['x', ['y\u0000']], true],
    [{ email: 'a@b.sn' }, false],
    // A backslash followed by « u0000 »: six characters, no NUL (escaped once, twice, three times).
    [{ text: '\\u0000' }, false],
    [{ text: '\\\u0000' }, true],
    [{ text: '\\\\u0000' }, false],
    [{ text: 'é\u0001' }, false],
  ])('%j -> %s', (value, expected) => {
    expect(jsonHasNul(JSON.stringify(value))).toBe(expected);
    expect(valueHasNul(value)).toBe(expected);
  });
});

describe('hash parameters', () => {
  const salt16 = Buffer.alloc(16, 1).toString('base64');
  const hash32 = Buffer.alloc(32, 2).toString('base64');
  it.each([
    [`pbkdf2-sha256$600000$${salt16}$${hash32}`, true],
    [`pbkdf2-sha256$2147483647$${salt16}$${hash32}`, false],
    [`pbkdf2-sha256$599999$${salt16}$${hash32}`, false],
    [`pbkdf2-sha256$600000$${Buffer.alloc(8).toString('base64')}$${hash32}`, false],
    [`pbkdf2-sha256$600000$${salt16}$${Buffer.alloc(16).toString('base64')}`, false],
    [`pbkdf2-sha512$600000$${salt16}$${hash32}`, false],
    ['pbkdf2-sha256$6e5$x$y', false],
    ['', false],
  ])('%s -> %s', (encoded, expected) => {
    expect(hasHashParameters(encoded, [PBKDF2_ITERATIONS])).toBe(expected);
  });

  it('never verifies a hash beyond its own iteration count, and only listed counts when asked', async () => {
    const huge = `pbkdf2-sha256$2147483647$${salt16}$${hash32}`;
    expect(await verifySecret('x', huge)).toBe(false);
    const fast = await hashSecret('Secret@1', { iterations: 1_000 });
    expect(await verifySecret('Secret@1', fast)).toBe(true);
    expect(await verifySecret('Secret@1', fast, { iterations: [PBKDF2_ITERATIONS] })).toBe(false);
    expect(await verifySecret('Secret@1', fast, { iterations: [PBKDF2_ITERATIONS, 1_000] })).toBe(true);
  });
});

describe('setup code', () => {
  it('is four groups of four unambiguous characters', () => {
    const code = generateSetupCode();
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
    expect(generateSetupCode()).not.toBe(code);
  });
});
