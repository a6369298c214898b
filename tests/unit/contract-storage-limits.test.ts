import { describe, expect, it } from 'vitest';
import { authorizeWrite } from '../../src/domain/access/write';
import { onlyRemovesPieces } from '../../src/domain/access/write-contract-files';
import {
  attachmentBytesOf,
  contractStorageDecision,
  DEFAULT_CONTRACT_STORAGE_LIMITS,
  MAX_ATTACHMENT_BYTES_PER_TEACHER,
  MAX_CONTRACT_FILES_PER_TEACHER,
  pieceFitsTeacherLimit,
  type ContractStorageWrite,
} from '../../src/domain/contracts/storage-limits';
import { recordSizeProblem } from '../../src/domain/access/record-limits';
import type { RecordData } from '../../src/domain/sync/merge';
import { lookup, submission, viewers, type ViewerName } from './access-fixture';

/** Storage the school controls (issue 29): the limits at their thresholds, and who deletes what. */

/** Base64 of a PDF of `bytes` bytes (decodedSize counts them exactly; the server sniffs %PDF-). */
const content = (bytes: number) => {
  const data = Buffer.alloc(bytes, 0x20);
  data.write('%PDF-1.4\n', 0, 'latin1');
  return data.toString('base64');
};
const piece = (id: string, bytes: number) => ({
  id,
  kind: 'attestation',
  name: `${id}.pdf`,
  contentBase64: content(bytes),
  size: bytes,
  uploadedAt: '2026-03-01T00:00:00.000Z',
});
const fileWith = (id: string, ...bytes: number[]): RecordData => ({
  id,
  teacherUserId: 't1',
  status: 'draft',
  attachments: bytes.map((b, i) => piece(`${id}-${i}`, b)),
});

describe('attachment bytes are counted by content', () => {
  it.each([0, 1, 2, 3, 4, 3_000_000, 2_999_999])('%i bytes', (bytes) => {
    expect(attachmentBytesOf(fileWith('f', bytes))).toBe(bytes);
  });
});

describe('contractStorageDecision at its thresholds', () => {
  const limits = DEFAULT_CONTRACT_STORAGE_LIMITS;
  const write = (partial: Partial<ContractStorageWrite>): ContractStorageWrite => ({
    before: null,
    after: fileWith('new'),
    otherFiles: [],
    orgStoredBytes: 0,
    storedBefore: 0,
    storedAfter: 100,
    ...partial,
  });
  const others = (n: number) => Array.from({ length: n }, (_, i) => fileWith(`o${i}`));
  it.each([
    ['a first file', write({}), 'ok'],
    ['the 3rd file', write({ otherFiles: others(2) }), 'ok'],
    ['a 4th file', write({ otherFiles: others(3) }), 'files-per-teacher'],
    [
      'an edit of one of 4 files (held before the limit)',
      write({ before: fileWith('new'), otherFiles: others(3) }),
      'ok',
    ],
    [
      'pieces at exactly 15,000,000 bytes',
      write({
        after: fileWith('new', 3_000_000, 3_000_000, 3_000_000),
        otherFiles: [fileWith('o', 3_000_000, 3_000_000)],
      }),
      'ok',
    ],
    [
      'one byte more',
      write({
        after: fileWith('new', 3_000_000, 3_000_000, 3_000_000, 1),
        otherFiles: [fileWith('o', 3_000_000, 3_000_000)],
      }),
      'bytes-per-teacher',
    ],
    [
      'a piece removed while over the limit',
      write({
        before: fileWith('new', 3_000_000, 3_000_000),
        after: fileWith('new', 3_000_000),
        otherFiles: [fileWith('o', 15_000_000)],
      }),
      'ok',
    ],
    ['the quota reached exactly', write({ orgStoredBytes: limits.orgQuotaBytes - 100 }), 'ok'],
    ['one byte over the quota', write({ orgStoredBytes: limits.orgQuotaBytes - 99 }), 'org-quota'],
    [
      'a file that shrinks over the quota',
      write({
        before: fileWith('new'),
        storedBefore: 500,
        storedAfter: 400,
        orgStoredBytes: limits.orgQuotaBytes * 2,
      }),
      'ok',
    ],
    ['a deletion', write({ before: fileWith('new', 1_000), after: null, otherFiles: others(5) }), 'ok'],
  ] as const)('%s => %s', (_name, input, expected) => {
    const decision = contractStorageDecision(input, limits);
    expect(decision.ok ? 'ok' : decision.code).toBe(expected);
    if (!decision.ok) expect(decision.status).toBe(expected === 'org-quota' ? 507 : 413);
  });

  it('a real file (RIB, ID, diploma, CV at 3,000,000 bytes each) fits one record and the teacher limit', () => {
    const real = fileWith('real', 3_000_000, 3_000_000, 3_000_000, 3_000_000);
    expect(recordSizeProblem('teacherContractSubmissions', real)).toBeNull();
    expect(contractStorageDecision(write({ after: real, storedAfter: JSON.stringify(real).length })).ok).toBe(
      true,
    );
    expect(MAX_CONTRACT_FILES_PER_TEACHER).toBe(3);
    expect(MAX_ATTACHMENT_BYTES_PER_TEACHER).toBe(15_000_000);
  });

  it.each([
    [[], 15_000_000, true],
    [[fileWith('a', 12_000_000)], 3_000_000, true],
    [[fileWith('a', 12_000_000)], 3_000_001, false],
  ] as const)('the device checks a new piece before sending it (%#)', (files, added, fits) => {
    expect(pieceFitsTeacherLimit(files, added)).toBe(fits);
  });
});

describe('deleting contract files and pieces', () => {
  const decide = (who: ViewerName, before: RecordData | null, after: RecordData | null) => {
    const result = authorizeWrite(
      viewers[who],
      { collection: 'teacherContractSubmissions', recordId: String((before ?? after)?.id), before, after },
      lookup,
    );
    return result.ok ? 'ok' : result.reason;
  };
  const withPieces = (teacher: string, status: 'draft' | 'submitted' | 'validated' | 'rejected') => ({
    ...submission(teacher, status),
    attachments: [piece('a', 10), piece('b', 20)],
  });
  const without = (file: RecordData, id: string) => ({
    ...file,
    attachments: (file.attachments as RecordData[]).filter((a) => a.id !== id),
  });
  it.each([
    ['t1', withPieces('t1', 'draft'), null, 'ok'],
    ['t1', withPieces('t1', 'submitted'), null, 'ok'],
    ['t1', withPieces('t1', 'validated'), null, 'read-only'],
    ['t1', withPieces('t2', 'draft'), null, 'not-permitted'],
    ['t1Pin', withPieces('t1', 'draft'), null, 'not-permitted'],
    ['rev', withPieces('t2', 'submitted'), null, 'ok'],
    ['rev', withPieces('t2', 'rejected'), null, 'ok'],
    ['rev', withPieces('t2', 'validated'), null, 'read-only'],
    ['contrib', withPieces('t2', 'draft'), null, 'not-permitted'],
    ['kiosk', withPieces('t2', 'draft'), null, 'not-permitted'],
    ['t1', withPieces('t1', 'draft'), without(withPieces('t1', 'draft'), 'a'), 'ok'],
    ['rev', withPieces('t2', 'submitted'), without(withPieces('t2', 'submitted'), 'a'), 'ok'],
    ['rev', withPieces('t2', 'validated'), without(withPieces('t2', 'validated'), 'a'), 'read-only'],
    [
      'rev',
      withPieces('t2', 'submitted'),
      { ...withPieces('t2', 'submitted'), attachments: [piece('a', 10), piece('c', 5)] },
      'field-not-permitted',
    ],
    [
      'rev',
      withPieces('t2', 'submitted'),
      { ...without(withPieces('t2', 'submitted'), 'a'), bankName: 'X' },
      'field-not-permitted',
    ],
    ['contrib', withPieces('t2', 'submitted'), without(withPieces('t2', 'submitted'), 'a'), 'not-permitted'],
  ] as const)('%s: change #%# => %s', (who, before, after, expected) => {
    expect(decide(who, before as RecordData, after as RecordData | null)).toBe(expected);
  });

  it('a reviewer only takes pieces out, each left unchanged', () => {
    const before = { attachments: [piece('a', 1), piece('b', 2)] };
    expect(onlyRemovesPieces(before, { attachments: [piece('b', 2)] })).toBe(true);
    expect(onlyRemovesPieces(before, { attachments: [] })).toBe(true);
    expect(onlyRemovesPieces(before, before)).toBe(false);
    expect(onlyRemovesPieces(before, { attachments: [{ ...piece('b', 2), name: 'autre.pdf' }] })).toBe(false);
  });
});
