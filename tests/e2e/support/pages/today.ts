import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Module du jour (/teacher/today) as a teacher sees it: the featured course card first ("Cours à émarger"
 * before the check-in, "Cours en cours" after it) with its one Arrivée or Départ button, then the other
 * courses of the day as rows, and the confirmation in a status line.
 */
export class TodayPage {
  readonly heading: Locator;
  /** The featured card of the course to check in. */
  readonly dueCourse: Locator;
  /** The featured card once checked in: the course in progress. */
  readonly currentCourse: Locator;
  /** "Arrivée enregistrée à HH:MM", shown in place after a check-in. */
  readonly checkInConfirmation: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Module du jour' });
    this.dueCourse = page.getByRole('article', { name: 'Cours à émarger' });
    this.currentCourse = page.getByRole('article', { name: 'Cours en cours' });
    this.checkInConfirmation = page
      .getByRole('status')
      .filter({ hasText: /^Arrivée enregistrée à \d\d:\d\d/ });
  }

  async open(): Promise<void> {
    await this.page.goto('/teacher/today');
    await expect(this.heading).toBeVisible();
  }

  /** The Arrivée button of a card or row (by default the featured course to check in). */
  arrival(course: Locator = this.dueCourse): Locator {
    return course.getByRole('button', { name: /^Arrivée/ });
  }

  /** The Départ button of a card or row (by default the featured course in progress). */
  departure(course: Locator = this.currentCourse): Locator {
    return course.getByRole('button', { name: /^Départ/ });
  }

  /** Another course of the day, by a text of its row (e.g. its time range "10:30 – 12:00"). */
  row(text: string): Locator {
    return this.page.getByRole('row').filter({ hasText: text });
  }
}
