import type { Download, Locator, Page } from '@playwright/test';

/** The tabs of Paramètres, as the section's navigation names them. */
export type SettingsTab = 'Instituts' | 'Niveaux' | 'Classes' | 'Modules' | 'Données';

/**
 * Paramètres (/settings/…) as an administrator uses it: its tabs, each list (Instituts, Niveaux, Classes,
 * Modules) with its "+ Nouveau …" form, its rows' "Modifier « … »" and "Supprimer « … »" and the
 * confirmation of a deletion.
 */
export class SettingsPage {
  /** "Confirmer la suppression", asked before any deletion. */
  readonly confirmDeletion: Locator;

  constructor(private readonly page: Page) {
    this.confirmDeletion = page.getByRole('alertdialog', { name: 'Confirmer la suppression' });
  }

  /** Opens a tab by its path (/settings/instituts, /settings/donnees…). */
  async open(tab: 'instituts' | 'niveaux' | 'classes' | 'modules' | 'donnees'): Promise<void> {
    await this.page.goto(`/settings/${tab}`);
  }

  /** "Paramètres" in the modules' navigation. */
  async openFromMenu(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Modules' })
      .getByRole('link', { name: 'Paramètres' })
      .click();
  }

  /** A tab in the section's navigation. */
  async openTab(name: SettingsTab): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Onglets de la section' })
      .getByRole('link', { name })
      .click();
  }

  /** A list, by its title ("Instituts", "Classes"…; the title is followed by its total). */
  table(title: string): Locator {
    return this.page.getByRole('table', { name: new RegExp(`^${title}`) });
  }

  /** A row of a list, by its first cell (a name or a code). */
  row(title: string, key: string): Locator {
    return this.table(title)
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: key, exact: true }) });
  }

  /** "+ Nouvel institut", "+ Nouveau niveau"…: the form titled `title` ("Nouvel institut"…). */
  async startNew(button: string, title: string): Promise<Locator> {
    await this.page.getByRole('button', { name: button }).click();
    return this.form(title);
  }

  /** The form titled `title` ("Nouvel institut", "Modifier le niveau"…). */
  form(title: string): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  /** "Enregistrer" of a form. */
  saveButton(form: Locator): Locator {
    return form.getByRole('button', { name: 'Enregistrer' });
  }

  /** Fills "Nom" and "Abréviation" of an institute's or a level's form and presses "Enregistrer". */
  async saveNamed(form: Locator, name: string, abbr: string): Promise<void> {
    await form.getByLabel('Nom', { exact: true }).fill(name);
    await form.getByLabel('Abréviation').fill(abbr);
    await this.saveButton(form).click();
  }

  /** "Modifier « … »" of a row: the form titled `title`. */
  async edit(key: string, title: string): Promise<Locator> {
    await this.page.getByRole('button', { name: `Modifier « ${key} »` }).click();
    return this.form(title);
  }

  /** "Supprimer « … »" of a row: the confirmation, left open for the caller to read and answer. */
  async askToDelete(key: string): Promise<Locator> {
    await this.page.getByRole('button', { name: `Supprimer « ${key} »` }).click();
    return this.confirmDeletion;
  }

  /** Chooses `option` in a drawn picker of a form ("Niveau", "Institut"). */
  async pick(form: Locator, label: string, option: string): Promise<void> {
    await form.getByRole('button', { name: new RegExp(label) }).click();
    await this.page.getByRole('option', { name: option }).click();
  }
}

/** Données (/settings/donnees): the PIN validity, the JSON export and the import that replaces everything. */
export class DataSettingsPage {
  readonly pinValidity: Locator;
  readonly importArea: Locator;
  /** "Remplacer les données ?": what the file holds against what the organisation holds. */
  readonly confirmReplace: Locator;

  constructor(private readonly page: Page) {
    this.pinValidity = page.getByLabel('Durée de validité des codes PIN (jours)');
    this.importArea = page.getByRole('region', { name: 'Importer des données' });
    this.confirmReplace = page.getByRole('alertdialog', { name: 'Remplacer les données ?' });
  }

  async open(): Promise<void> {
    await this.page.goto('/settings/donnees');
  }

  /** "Enregistrer" of the PIN validity. */
  get saveButton(): Locator {
    return this.page.getByRole('button', { name: 'Enregistrer', exact: true });
  }

  /** "Exporter (JSON)": the download it starts. */
  async exportJson(): Promise<Download> {
    const downloading = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: 'Exporter (JSON)' }).click();
    return downloading;
  }

  /** "Choisir un fichier JSON…" and the file picked in the chooser. */
  async chooseImportFile(name: string, buffer: Buffer): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.page.getByRole('button', { name: 'Choisir un fichier JSON…' }).click();
    await (await chooser).setFiles({ name, mimeType: 'application/json', buffer });
  }
}
