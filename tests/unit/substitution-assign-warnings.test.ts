import { describe, expect, it, vi } from 'vitest';
import { writeBatch } from '../../src/db/repository';
import type { Contract } from '../../src/domain/store/schema';
import { substitutionContractWarnings } from '../../src/services/absences/substitution-warnings';
import { absenceDevice, saveAwaSubstitution } from './absence-device';

/**
 * Issue 35 leftover: assigning a substitute shows her VH contract warnings as a rescheduling does (spec part 2
 * point 5, beyond it the 90 % warning): the course she now gives (Awa's 60 min, Monday 16 November 2026,
 * class-1 / mod-math) counts in her line. Ibou has no course of his own: his line holds those 60 min alone.
 */
const contract = (teacherUserId: string, capMin: number): Contract => ({
  id: `k-${teacherUserId}`,
  teacherUserId,
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  createdAt: '2026-10-01T00:00:00.000Z',
  entries: [{ id: `e-${teacherUserId}`, classId: 'class-1', moduleId: 'mod-math', volumeCapMin: capMin }],
});

describe('substitutionContractWarnings: the substitute’s line at the 90 % and cap thresholds', () => {
  const seeded = absenceDevice('substitution-assign-warnings', [
    { id: 'ibou', name: 'Ibou Sow', email: 'ibou@ecole.sn', status: 'Active' },
  ]);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);

  it.each([
    ['cap 67 min: 60 is under 90 %', 67, []],
    ['cap 66 min: 60 reaches 90 %', 66, ['cap-near']],
    ['cap 60 min: exactly the cap, not above', 60, ['cap-near']],
    ['cap 59 min: above the cap', 59, ['cap-exceeded']],
    ['no cap (0)', 0, []],
  ] as const)('%s', async (_name, capMin, expected) => {
    const db = await seeded();
    await writeBatch(db, (w) => w.put('contracts', contract('ibou', capMin)));
    const saved = await saveAwaSubstitution(db, 'ibou', '2026-11-15T09:00:00.000Z');
    const texts = await substitutionContractWarnings(db, saved);
    expect(texts).toHaveLength(expected.length);
    if (expected[0] === 'cap-near') expect(texts[0]).toMatch(/Ibou Sow/);
    if (expected[0] === 'cap-near') expect(texts[0]).toMatch(/atteint 1h prévues sur un plafond/);
    if (expected[0] === 'cap-exceeded') expect(texts[0]).toMatch(/dépass/);
  });

  it('the course cancelled (nobody), or a substitute without contract: no warning', async () => {
    const db = await seeded();
    await writeBatch(db, (w) => w.put('contracts', contract('ibou', 59)));
    expect(
      await substitutionContractWarnings(db, await saveAwaSubstitution(db, null, '2026-11-15T09:00:00.000Z')),
    ).toEqual([]);
    expect(
      await substitutionContractWarnings(
        db,
        await saveAwaSubstitution(db, 'coumba', '2026-11-15T09:05:00.000Z'),
      ),
    ).toEqual([]);
  });
});
