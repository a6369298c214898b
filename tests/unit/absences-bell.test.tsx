import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { NotificationBell } from '../../src/app/shell/notification-bell';
import { appDb } from '../../src/db/database';
import { writeBatch } from '../../src/db/repository';
import { assignSubstitute } from '../../src/domain/absences/records';
import { substitutionNotifications } from '../../src/domain/absences/substitution-notifications';

/**
 * Issue 35, item 5: the header bell lists a substitution's notices to their teacher only, with the other
 * teacher's name, even to someone who follows every check-in; they count in the unread badge.
 */
const course = {
  timetableId: 'tt',
  slotKey: 's1',
  classId: 'class-1',
  moduleId: 'mod-math',
  levelId: null,
  date: '2026-11-16',
  startTime: '10:00',
  endTime: '11:00',
};

async function seed() {
  // The shared database, deleted after the previous test, opens again.
  if (!appDb().isOpen()) await appDb().open();
  const substitution = assignSubstitute({
    course,
    absence: { id: 'ab-1', teacherUserId: 'awa' },
    substituteUserId: 'ibou',
    actorUserId: 'u-admin',
    now: '2026-11-15T09:00:00.000Z',
  });
  await writeBatch(appDb(), async (w) => {
    await w.put('users', { id: 'awa', name: 'Awa Ndiaye', email: 'awa@ecole.sn', status: 'Active' });
    await w.put('users', { id: 'ibou', name: 'Ibou Sow', email: 'ibou@ecole.sn', status: 'Active' });
    for (const n of substitutionNotifications({
      substitution,
      previousSubstituteUserId: undefined,
      slotIndex: 0,
      now: '2026-11-15T09:00:00.000Z',
    }))
      await w.put('notifications', n);
  });
}

afterEach(async () => {
  cleanup();
  await appDb().delete();
});

async function open(userId: string, seesAll: boolean) {
  render(
    <MemoryRouter>
      <NotificationBell userId={userId} seesAll={seesAll} />
    </MemoryRouter>,
  );
  const button = await screen.findByRole('button', { name: /1 non lue/i });
  fireEvent.click(button);
  return screen.findByRole('list', { name: 'Remplacements' });
}

describe('the bell shows a substitution to its teachers', () => {
  it('the substitute reads whom she replaces', async () => {
    await seed();
    const list = await open('ibou', false);
    expect(await within(list).findByText('Vous remplacez Awa Ndiaye le 16/11/2026 à 10:00')).toBeTruthy();
    expect(within(list).queryByText(/assuré par/)).toBeNull();
  });

  it('the absent teacher reads who gives her course, even when she follows every check-in', async () => {
    await seed();
    const list = await open('awa', true);
    expect(
      await within(list).findByText('Votre cours du 16/11/2026 à 10:00 est assuré par Ibou Sow'),
    ).toBeTruthy();
    expect(within(list).queryByText(/Vous remplacez/)).toBeNull();
  });
});
