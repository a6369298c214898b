import { describe, expect, it } from 'vitest';
import { isKioskTeacher } from '../../src/domain/auth/kiosk-roster';
import type { Profile } from '../../src/domain/store/schema';
import { featuredCourse, type FeaturedCandidate } from '../../src/domain/teacher/featured-course';
import { pdfPreviewBlob } from '../../src/features/contracts/compliance/attachment-preview';

const profile = (id: string, moduleIds: string[]): Profile => ({
  id,
  name: id,
  moduleIds,
  formFieldKeys: [],
});

describe('isKioskTeacher: the kiosk lists teachers, not administrators, unless set to', () => {
  const profiles = [
    profile('teacher', ['teacher', 'teacher.today', 'teacher.planning']),
    profile('planner', ['teacher.today', 'planning.consulter', 'attendance', 'workload']),
    profile('super-admin', ['users', 'profiles', 'settings.donnees', 'teacher.today']),
    profile('profiles-admin', ['profiles', 'teacher.today']),
    profile('settings-admin', ['settings.classes', 'teacher.today']),
    profile('reviewer', ['contracts.compliance', 'teacher.today']),
    profile('no-today', ['teacher.planning', 'teacher.workload']),
  ];
  it.each([
    ['teacher', 'Active', false, true],
    ['planner', 'Active', false, true],
    ['super-admin', 'Active', false, false],
    ['profiles-admin', 'Active', false, false],
    ['settings-admin', 'Active', false, false],
    ['reviewer', 'Active', false, false],
    ['no-today', 'Active', false, false],
    ['teacher', 'Archived', false, false],
    ['super-admin', 'Active', true, true],
    ['no-today', 'Active', true, false],
    ['super-admin', 'Archived', true, false],
    ['missing-profile', 'Active', true, false],
  ] as const)('%s (%s, admins included: %s) -> %s', (profileId, status, includesAdminProfiles, expected) => {
    expect(isKioskTeacher(profiles, { profileId, status }, { includesAdminProfiles })).toBe(expected);
  });
});

describe('featuredCourse: the course Module du jour puts first, with its one action', () => {
  const DAY = '2026-03-09';
  const course = (startTime: string, endTime: string, over: Partial<FeaturedCandidate> = {}) => ({
    date: DAY,
    startTime,
    endTime,
    canceled: false,
    canCheckIn: false,
    canCheckOut: false,
    isFinished: false,
    ...over,
  });
  const at = (time: string) => `${DAY}T${time}:00.000Z`;

  it('no course, or only finished and canceled ones: nothing', () => {
    expect(featuredCourse([], at('09:00'))).toBeNull();
    const done = [
      course('08:00', '10:00', { isFinished: true }),
      course('10:00', '12:00', { canceled: true }),
    ];
    expect(featuredCourse(done, at('11:00'))).toBeNull();
  });

  it('the course in progress before its planned end offers Départ, even when the next one opens', () => {
    const first = course('08:00', '10:00', { canCheckOut: true });
    const second = course('10:00', '12:00', { canCheckIn: true });
    expect(featuredCourse([first, second], at('09:59'))).toEqual({ entry: first, action: 'checkout' });
  });

  it('at the planned end of the running course, the next course whose Arrivée is open comes first', () => {
    const first = course('08:00', '10:00', { canCheckOut: true });
    const second = course('10:00', '12:00', { canCheckIn: true });
    expect(featuredCourse([first, second], at('10:00'))).toEqual({ entry: second, action: 'checkin' });
  });

  it('a course past its end still waiting for its Départ, when nothing else opens', () => {
    const first = course('08:00', '10:00', { canCheckOut: true });
    const second = course('14:00', '16:00');
    expect(featuredCourse([first, second], at('10:30'))).toEqual({ entry: first, action: 'checkout' });
  });

  it('the earliest open Arrivée wins over a later one', () => {
    const first = course('08:00', '10:00', { canCheckIn: true });
    const second = course('09:00', '11:00', { canCheckIn: true });
    expect(featuredCourse([first, second], at('08:45'))).toEqual({ entry: first, action: 'checkin' });
  });

  it('before any window opens: the next course, without action; one minute after its start it is no longer "next"', () => {
    const past = course('07:00', '08:00', { isFinished: true });
    const next = course('14:00', '16:00');
    expect(featuredCourse([past, next], at('13:59'))).toEqual({ entry: next, action: 'none' });
    expect(featuredCourse([past, next], at('14:00'))).toBeNull();
  });

  it('a canceled course is never featured, even with an open gate', () => {
    const canceled = course('08:00', '10:00', { canceled: true, canCheckIn: true });
    expect(featuredCourse([canceled], at('08:00'))).toBeNull();
  });
});

describe('pdfPreviewBlob: only PDF bytes reach the same-origin preview frame, always as application/pdf', () => {
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  it.each([
    ['a PDF data URL', `data:application/pdf;base64,${b64('%PDF-1.4 ...')}`, true],
    ['bare base64 of a PDF', b64('%PDF-1.7 ...'), true],
    ['HTML claiming to be a PDF', `data:application/pdf;base64,${b64('<html><script>x()</script>')}`, false],
    ['a PDF signature under an HTML type', `data:text/html;base64,${b64('%PDF-1.4 <script>')}`, true],
    ['SVG named .pdf', `data:application/pdf;base64,${b64('<svg onload="x()"/>')}`, false],
    ['unreadable base64', 'data:application/pdf;base64,@@@', false],
    ['empty', 'data:application/pdf;base64,', false],
  ])('%s', async (_, contentBase64, isShown) => {
    const blob = await pdfPreviewBlob({ contentBase64 });
    if (!isShown) {
      expect(blob).toBeNull();
      return;
    }
    expect(blob?.type).toBe('application/pdf');
    expect((await blob?.text())?.startsWith('%PDF-')).toBe(true);
  });
});
