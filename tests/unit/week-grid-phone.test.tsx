import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SlotDisplayItem } from '../../src/domain/planning/slot-display';
import { WeekGrid } from '../../src/ui/timetable/week-grid';

/** A course of the week of 2026-11-23 (a Monday), on Friday the 27th. */
function course(key: string, startTime: string, endTime: string): SlotDisplayItem {
  return {
    key,
    timetableId: 'tt-1',
    slotIndex: 0,
    date: '2026-11-27',
    dayOfWeek: 5,
    startTime,
    endTime,
    title: `Cours ${key}`,
    subtitle: 'L1-INFO',
    moduleName: `Cours ${key}`,
    className: 'L1-INFO',
    teacherName: 'Moussa Fall',
    moduleId: 'mod-1',
    teacherUserId: 'u-t1',
    classId: 'cls-1',
    status: 'not-started',
    canceled: false,
    deliveryMode: 'presentiel',
    color: '#2563eb',
  };
}

function viewport(isPhone: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: isPhone,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function box(name: RegExp): { top: number; height: number } {
  const style = screen.getByRole<HTMLElement>('button', { name }).style;
  return { top: Number.parseFloat(style.top), height: Number.parseFloat(style.height) };
}

const NOW = new Date('2026-11-27T12:00:00Z');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the week grid keeps every course visible and tappable', () => {
  it('shows an evening course after 22:00 whole, not as a sliver on the bottom edge', () => {
    viewport(false);
    render(<WeekGrid weekStartDate="2026-11-23" items={[course('soir', '22:46', '23:59')]} now={NOW} />);
    const { top, height } = box(/Cours soir/);
    // Window 22:00-24:00 on 640 px: 22:46 is 245 px down, 73 minutes are 389 px.
    expect(top).toBeCloseTo(245.3, 0);
    expect(height).toBeCloseTo(389.3, 0);
  });

  it.each([
    ['a phone', true, 44],
    ['a wide screen', false, 18],
  ])('on %s a 10-minute course is at least %s px high', (_label, isPhone, minimum) => {
    viewport(isPhone);
    render(
      <WeekGrid
        weekStartDate="2026-11-23"
        items={[course('court', '10:00', '10:10'), course('long', '14:00', '17:00')]}
        now={NOW}
      />,
    );
    expect(box(/Cours court/).height).toBe(minimum);
    expect(box(/Cours long/).height).toBeGreaterThan(minimum);
  });

  it('moves a short course up rather than cutting it at the grid end', () => {
    viewport(true);
    render(
      <WeekGrid
        weekStartDate="2026-11-23"
        items={[course('matin', '06:00', '06:30'), course('fin', '21:55', '22:00')]}
        now={NOW}
      />,
    );
    const { top, height } = box(/Cours fin/);
    expect(height).toBe(44);
    expect(top + height).toBeLessThanOrEqual(640);
  });
});
