import { render, within } from '@testing-library/react';
import { createElement, useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { badgeText, BADGE_MAX } from '../../src/app/shell/notification-bell';
import { withFrenchDates } from '../../src/domain/time/french-date';
import { ToastProvider, useToast, withToast } from '../../src/ui/toast';

describe('notification badge (spec part 1 point 9: capped at 99)', () => {
  it.each([
    [1, '1'],
    [98, '98'],
    [99, '99'],
    [100, '99+'],
    [5000, '99+'],
  ])('%i unread -> %s', (unread, text) => {
    expect(badgeText(unread)).toBe(text);
  });
  it('caps at 99', () => expect(BADGE_MAX).toBe(99));
});

describe('toasts after a check-in made in "Gérer un cours"', () => {
  it('shows one toast when the dialog and the attendance watcher announce the same words', () => {
    const text = 'Arrivée · Moussa Fall · L1-INFO · Algorithmique';
    function Announcer() {
      const toast = useToast();
      useEffect(() => {
        toast.show(text);
        toast.show(text, 'info');
      }, [toast]);
      return null;
    }
    const { container } = render(createElement(ToastProvider, null, createElement(Announcer)));
    expect(
      within(container)
        .getAllByRole('status')
        .map((el) => el.textContent),
    ).toEqual([text]);
  });

  it('keeps different messages, each once', () => {
    const a = { id: 1, message: 'Arrivée', tone: 'success' as const };
    const b = { id: 2, message: 'Départ', tone: 'info' as const };
    const first = withToast([], a);
    const second = withToast(first.items, b);
    const again = withToast(second.items, { ...a, id: 3 });
    expect(second.items.map((t) => t.message)).toEqual(['Arrivée', 'Départ']);
    expect([again.isNew, again.shownId, again.items.length]).toEqual([false, 1, 2]);
  });
});

describe('French dates in the location dialog', () => {
  it.each([
    [
      'L1-INFO · Algorithmique · Moussa Fall · 2026-11-23 08:00 – 10:00',
      'L1-INFO · Algorithmique · Moussa Fall · 23/11/2026 08:00 – 10:00',
    ],
    ['2026-01-02', '02/01/2026'],
    ['sans date', 'sans date'],
  ])('%s', (input, output) => {
    expect(withFrenchDates(input)).toBe(output);
  });
});
