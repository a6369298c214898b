import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The follow-up screen (/attendance, "Suivi des émargements"): one row per course with its teacher, status,
 * flags ("hors zone", "horloge décalée", "corrigé"…) and, for whoever may, its Arrivée and Départ buttons;
 * the counters above and the "À vérifier" filter.
 */
export class AttendancePage {
  readonly heading: Locator;
  /** The "À vérifier" filter (a drawn checkbox: a person clicks its label, see toggleToReview). */
  readonly toReviewFilter: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Suivi des émargements', level: 2 });
    this.toReviewFilter = page.getByRole('checkbox', { name: 'À vérifier' });
  }

  /** Opens the screen on `date` (YYYY-MM-DD) and waits for its heading. */
  async open(date: string): Promise<void> {
    await this.page.goto(`/attendance?date=${date}`);
    await expect(this.heading).toBeVisible();
  }

  /** A course's row, by any text it shows: its time range ("08:00 – 10:00"), module or teacher. */
  row(text: string): Locator {
    return this.page.getByRole('row').filter({ hasText: text });
  }

  /** The Arrivée button of a row. */
  arrival(row: Locator): Locator {
    return row.getByRole('button', { name: 'Arrivée' });
  }

  /** The Départ button of a row. */
  departure(row: Locator): Locator {
    return row.getByRole('button', { name: 'Départ' });
  }

  /**
   * Records a row's Départ as a person does: the button, then the confirmation that names the planned end
   * ("Le cours se termine à 10:00 : enregistrer le départ de … maintenant ?", issue 32).
   */
  async recordDeparture(row: Locator): Promise<void> {
    await this.departure(row).click();
    const ask = this.page.getByRole('alertdialog', { name: 'Départ' });
    await expect(ask).toContainText('Le cours se termine à');
    await ask.getByRole('button', { name: 'Enregistrer le départ' }).click();
    await expect(ask).toBeHidden();
  }

  /** One of the counters above the table ("Non démarré", "En retard", "En cours", "Terminé"). */
  counter(label: string): Locator {
    return this.page
      .getByRole('list', { name: 'Compteurs' })
      .getByRole('listitem')
      .filter({ hasText: label });
  }

  /** Ticks or unticks "À vérifier" as a person does, on its drawn label. */
  async toggleToReview(): Promise<void> {
    await this.page.locator('label.checkbox', { hasText: 'À vérifier' }).click();
  }
}
