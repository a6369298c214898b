import { describe, expect, it } from 'vitest';
import { isEmailToComplete } from '../../src/domain/users/email-to-complete';
import { teacherEmailFromName } from '../../src/domain/timetable-parsing';

describe('an e-mail to complete (issue 33 point 5)', () => {
  it.each([
    ['awa.diop@enseignants.invalid', true],
    ['AWA.DIOP@ENSEIGNANTS.INVALID ', true],
    ['x@autre.invalid', true],
    ['awa@ecole.sn', false],
    ['awa@invalid.sn', false],
    ['', false],
    [null, false],
  ])('%s -> %s', (email, expected) => {
    expect(isEmailToComplete(email)).toBe(expected);
  });

  it('is what an import gives a teacher without an address', () => {
    expect(isEmailToComplete(teacherEmailFromName('Moussa Faye', []))).toBe(true);
  });
});
