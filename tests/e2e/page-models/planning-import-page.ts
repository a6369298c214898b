import { expect, type Locator, type Page } from '@playwright/test';
import { liveDay } from '../support/live-day';

/** Which week "Nouvel import" is for: a year, a month (1-12) and the Monday, by its place in the list or its date. */
export interface ImportWeek {
  year: number;
  month: number;
  /** The Monday: its index in "Semaine (lundi)" (1 = the first Monday), or its date (YYYY-MM-DD). */
  monday: number | string;
}

/** A week of March of the current year (UTC): the fixture timetables carry no date of their own. */
export function marchWeek(monday = 1): ImportWeek {
  return { year: new Date().getUTCFullYear(), month: 3, monday };
}

/**
 * The current week (its UTC Monday), the one /planning/consulter shows by default, with `needMinutes` left in
 * the UTC day: near midnight it waits for the next day (tests/e2e/support/live-day.ts), so that the week
 * imported is still the one Consulter shows, and a second import in the test names the same week.
 */
export async function currentWeek(needMinutes = 3): Promise<ImportWeek> {
  const { monday } = await liveDay(needMinutes);
  return { year: Number(monday.slice(0, 4)), month: Number(monday.slice(5, 7)), monday };
}

/**
 * Importer (/planning/importer) as an administrator uses it: "Nouvel import", its form (period, week, file,
 * "Analyser"), then the dialogs that follow — the verification of the references, the guided mapping, the
 * bell schedule question of numbered periods and the invitations of the teachers an import created.
 */
export class PlanningImportPage {
  readonly newImportButton: Locator;
  readonly newImport: NewImportDialog;
  readonly verification: VerificationDialog;
  /** "Choisir la mise en page à la main" (from an unread file) or "Corriger la lecture" (from the verification). */
  readonly layoutByHand: MappingDialog;
  readonly correction: MappingDialog;
  /** Untis' numbered periods: "Horaires des séances de l’établissement", asked once per organisation. */
  readonly bellSchedule: BellScheduleDialog;
  readonly invitations: InvitationsDialog;

  constructor(private readonly page: Page) {
    this.newImportButton = page.getByRole('button', { name: 'Nouvel import' });
    this.newImport = new NewImportDialog(page);
    this.verification = new VerificationDialog(page);
    this.layoutByHand = new MappingDialog(page, 'Choisir la mise en page à la main');
    this.correction = new MappingDialog(page, 'Corriger la lecture');
    this.bellSchedule = new BellScheduleDialog(page);
    this.invitations = new InvitationsDialog(page);
  }

  async open(): Promise<void> {
    await this.page.goto('/planning/importer');
  }

  /** Opens the screen and presses "Nouvel import": its form. */
  async startNewImport(): Promise<NewImportDialog> {
    await this.open();
    await this.newImportButton.click();
    return this.newImport;
  }

  /** "Nouvel import" for `week` with `file`, filled but not sent. */
  async fillNewImport(file: string, week: ImportWeek = marchWeek()): Promise<NewImportDialog> {
    const form = await this.startNewImport();
    await form.chooseWeek(week);
    await form.chooseFile(file);
    return form;
  }

  /** "Nouvel import" for `week` with `file`, then "Analyser": what follows is the caller's to read. */
  async analyse(file: string, week: ImportWeek = marchWeek()): Promise<NewImportDialog> {
    const form = await this.fillNewImport(file, week);
    await form.analyse();
    return form;
  }

  /** Analyses `file` and waits for the verification of the references (a large file takes a while). */
  async analyseToVerification(file: string, week: ImportWeek = marchWeek()): Promise<VerificationDialog> {
    await this.analyse(file, week);
    await expect(this.verification.dialog).toBeVisible({ timeout: 30_000 });
    return this.verification;
  }
}

/** The "Nouvel import" form. */
export class NewImportDialog {
  readonly dialog: Locator;
  readonly error: Locator;

  constructor(page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Nouvel import' });
    this.error = this.dialog.getByRole('alert');
  }

  /** "Périodicité" on week, then "Année", "Mois" and "Semaine (lundi)". */
  async chooseWeek(week: ImportWeek): Promise<void> {
    await this.dialog.getByLabel('Périodicité').selectOption('week');
    await this.dialog.getByLabel('Année').selectOption(String(week.year));
    await this.dialog.getByLabel('Mois', { exact: true }).selectOption(String(week.month));
    const monday = this.dialog.getByLabel('Semaine (lundi)');
    if (typeof week.monday === 'number') await monday.selectOption({ index: week.monday });
    else await monday.selectOption(week.monday);
  }

  async chooseFile(path: string): Promise<void> {
    await this.dialog.getByLabel('Fichier').setInputFiles(path);
  }

  async analyse(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Analyser' }).click();
  }

  async cancel(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Annuler' }).click();
  }

  /** After "Fichier lu, mais aucune donnée détectée.": lays the file out by hand. */
  async chooseLayoutByHand(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Choisir la mise en page à la main' }).click();
  }
}

/** "Vérification des références": what the file names that the school lacks, the preview, and the save. */
export class VerificationDialog {
  readonly dialog: Locator;
  readonly createMissingButton: Locator;
  readonly saveButton: Locator;

  constructor(page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Vérification des références' });
    this.createMissingButton = this.dialog.getByRole('button', { name: 'Créer les référentiels manquants' });
    this.saveButton = this.dialog.getByRole('button', { name: 'Enregistrer le planning' });
  }

  /** A class, module or teacher read in the file, by its row header (e.g. "5e C"). */
  readRow(name: string): Locator {
    return this.dialog.getByRole('rowheader', { name, exact: true });
  }

  /** "Créer les référentiels manquants", then waits for "Toutes les références existent.". */
  async createMissingReferences(): Promise<void> {
    await this.createMissingButton.click();
    await expect(this.dialog.getByText('Toutes les références existent.')).toBeVisible();
  }

  /** "Enregistrer le planning"; the outcome (toast, conflicts, invitations) is the caller's to check. */
  async save(): Promise<void> {
    await this.saveButton.click();
  }

  /** "Annuler", and waits for the dialog to close. */
  async cancel(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(this.dialog).toBeHidden();
  }

  /** "Corriger la lecture…": the guided mapping on the reading in use. */
  async correctReading(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Corriger la lecture…' }).click();
  }
}

/** What a person points at in the sheet while laying it out by hand, by the choice's label. */
export type MappingTarget = 'Les jours' | 'Les horaires' | 'Le premier cours';

/** The guided mapping: points at the days, times and first course, sees the courses read live, uses them. */
export class MappingDialog {
  readonly dialog: Locator;
  /** The live result ("1 tableau(x), 7 cours détecté(s)…", or what choice is missing). */
  readonly result: Locator;

  constructor(page: Page, title: 'Choisir la mise en page à la main' | 'Corriger la lecture') {
    this.dialog = page.getByRole('dialog', { name: title });
    this.result = this.dialog.getByRole('status').first();
  }

  /** Chooses what the next click shows ("Les jours", "Les horaires", "Le premier cours"), then clicks `cell`. */
  async pointAt(target: MappingTarget, cell: string): Promise<void> {
    await this.dialog.getByText(target, { exact: true }).click();
    await expect(this.dialog.getByRole('radio', { name: target })).toBeChecked();
    await this.dialog.getByRole('button', { name: cell, exact: true }).click();
  }

  /** Types the school's bell schedule ("1 08:00-09:00", one period a line). */
  async typeBellSchedule(lines: string): Promise<void> {
    await this.dialog.getByLabel('Horaires des séances').fill(lines);
  }

  /** "Utiliser ces choix", and waits for the dialog to close. */
  async useChoices(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Utiliser ces choix' }).click();
    await expect(this.dialog).toBeHidden();
  }

  /** "Annuler", and waits for the dialog to close. */
  async cancel(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(this.dialog).toBeHidden();
  }
}

/** "Horaires des séances de l’établissement": the times of numbered periods, prefilled, saved once. */
export class BellScheduleDialog {
  readonly dialog: Locator;
  readonly schedule: Locator;

  constructor(page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Horaires des séances de l’établissement' });
    this.schedule = this.dialog.getByLabel('Horaires des séances');
  }

  /** Types the periods ("1 07:30-08:25", one a line) and presses "Enregistrer et lire". */
  async saveAndRead(lines: string): Promise<void> {
    await this.schedule.fill(lines);
    await this.dialog.getByRole('button', { name: 'Enregistrer et lire' }).click();
  }
}

/** "Invitations à remettre" (issue 29): one-time passwords of the teachers an import created, shown once. */
export class InvitationsDialog {
  readonly dialog: Locator;

  constructor(page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Invitations à remettre' });
  }

  /**
   * The import created `count` teachers: "Créer les invitations" gives each a password in a printable table;
   * "Fermer" once they are handed out.
   */
  async handOut(count: number): Promise<void> {
    await expect(this.dialog).toContainText(`${count} enseignant(s) créé(s) par cet import`);
    await this.dialog.getByRole('button', { name: 'Créer les invitations' }).click();
    await expect(this.dialog.locator('tbody tr')).toHaveCount(count);
    await expect(this.dialog.locator('tbody tr code')).toHaveCount(count);
    await expect(this.dialog.getByRole('button', { name: 'Imprimer' })).toBeVisible();
    await this.dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(this.dialog).toHaveCount(0);
  }
}
