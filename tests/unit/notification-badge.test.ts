import { describe, expect, it } from 'vitest';
import { badgeText, BADGE_MAX } from '../../src/app/shell/notification-bell';

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
