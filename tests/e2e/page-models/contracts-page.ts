import { expect, type Locator, type Page } from '@playwright/test';

/** A file as the teacher picks it on their device. */
export interface PickedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * Gestion contractuelle des VH (/contracts/vh): the list of contracts, "+ Nouveau contrat" with its pairs
 * (class, module, cap in hours), each contract's lines with planned and real hours, and the deletions.
 */
export class VhContractsPage {
  readonly heading: Locator;
  /** "Nouveau contrat" or "Modifier le contrat". */
  readonly newContract: Locator;
  readonly editContract: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Gestion contractuelle des VH', level: 2 });
    this.newContract = page.getByRole('dialog', { name: 'Nouveau contrat' });
    this.editContract = page.getByRole('dialog', { name: 'Modifier le contrat' });
  }

  /** Opens the screen and waits for its heading. */
  async open(): Promise<void> {
    await this.page.goto('/contracts/vh');
    await expect(this.heading).toBeVisible();
  }

  /** "+ Nouveau contrat": its form. */
  async startNewContract(): Promise<Locator> {
    await this.page.getByRole('button', { name: '+ Nouveau contrat' }).click();
    return this.newContract;
  }

  /** "Paire N" of a contract form. */
  pair(form: Locator, n: number): Locator {
    return form.getByRole('group', { name: `Paire ${n}` });
  }

  /** Fills a pair: its class, module and, when given, its cap in hours. */
  async fillPair(pair: Locator, values: { classCode: string; module: string; cap?: string }): Promise<void> {
    await pair.getByLabel('Classe').selectOption({ label: values.classCode });
    await pair.getByLabel('Module').selectOption({ label: values.module });
    if (values.cap !== undefined) await this.capOf(pair).fill(values.cap);
  }

  /** The cap field of a pair (or of the form when it has one pair). */
  capOf(scope: Locator): Locator {
    return scope.getByLabel('Plafond (heures, 0 = sans plafond)');
  }

  /** "Enregistrer" of a contract form. */
  async save(form: Locator): Promise<void> {
    await form.getByRole('button', { name: 'Enregistrer' }).click();
  }

  /** A contract's row, by its teacher's name. */
  row(teacher: string): Locator {
    return this.page.getByRole('row').filter({ hasText: teacher });
  }

  /** "Voir lignes" of a contract: the dialog of its lines. */
  async openLines(row: Locator, teacher: string): Promise<Locator> {
    await row.getByRole('button', { name: 'Voir lignes' }).click();
    return this.page.getByRole('dialog', { name: `Lignes du contrat — ${teacher}` });
  }

  /** "Supprimer la ligne" of a line: the confirmation, left open for the caller to read and answer. */
  async askToDeleteLine(line: Locator): Promise<Locator> {
    await line.getByRole('button', { name: 'Supprimer la ligne' }).click();
    return this.page.getByRole('alertdialog', { name: 'Supprimer la ligne' });
  }

  /** "Supprimer" of a contract: the confirmation, left open for the caller to read and answer. */
  async askToDeleteContract(row: Locator): Promise<Locator> {
    await row.getByRole('button', { name: 'Supprimer' }).click();
    return this.page.getByRole('alertdialog', { name: 'Supprimer le contrat' });
  }
}

/** The identification form a teacher fills, as its labels say. */
export interface IdentityFields {
  birthDate: string;
  address: string;
  phone: string;
  idNumber: string;
  bank: string;
  iban: string;
}

/**
 * Mon contrat (/teacher/contract): the teacher's file in two tabs (identification, then attachments), its
 * status ("brouillon", "soumis", "rejeté", "validé"), "Suivant" and "Soumettre".
 */
export class TeacherContractPage {
  readonly heading: Locator;
  /** The attached files' list ("Fichiers ajoutés"). */
  readonly attachments: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Mon contrat', level: 2 });
    this.attachments = page.getByRole('list', { name: 'Fichiers ajoutés' });
  }

  /** Opens the screen and waits for its heading. */
  async open(): Promise<void> {
    await this.page.goto('/teacher/contract');
    await expect(this.heading).toBeVisible();
  }

  /** The file's status as the page writes it ("brouillon", "soumis", "rejeté", "validé"). */
  status(status: string): Locator {
    return this.page.getByText(status, { exact: true });
  }

  /** A field of the form, by its exact label. */
  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  /** Fills the identification as a person does: M., CNI, the fields, and the sworn statement ticked. */
  async fillIdentity(fields: IdentityFields): Promise<void> {
    await this.page.getByRole('radio', { name: 'M.', exact: true }).check({ force: true });
    await this.page.getByLabel('Date de naissance').fill(fields.birthDate);
    await this.field('Adresse').fill(fields.address);
    await this.field('Téléphone').fill(fields.phone);
    await this.page.getByRole('radio', { name: 'CNI' }).check({ force: true });
    await this.page.getByLabel('Numéro de la pièce').fill(fields.idNumber);
    await this.field('Banque').fill(fields.bank);
    await this.page.getByLabel('Numéro complet (IBAN ou RIB)').fill(fields.iban);
    await this.page.getByRole('checkbox', { name: /J'atteste/ }).check({ force: true });
  }

  /** "Suivant": saves the identification and goes to the attachments. */
  async next(): Promise<void> {
    await this.page.getByRole('button', { name: 'Suivant' }).click();
  }

  /** "Soumettre"; the outcome (errors or "Dossier soumis") is the caller's to check. */
  async submit(): Promise<void> {
    await this.page.getByRole('button', { name: 'Soumettre' }).click();
  }

  /** Picks `file` for the attachment `kind` ("Pièce d'identité", "RIB"…). */
  async attach(kind: string, file: PickedFile): Promise<void> {
    await this.field(kind).setInputFiles(file);
  }

  /** "Retirer …", then "Retirer" in the confirmation that names the file. */
  async removeAttachment(name: string): Promise<Locator> {
    await this.page.getByRole('button', { name: `Retirer ${name}` }).click();
    return this.page.getByRole('alertdialog', { name: 'Retirer la pièce' });
  }
}

/** Fiche d'identification (/contracts/compliance): the teachers' files, to look at, reject or validate. */
export class CompliancePage {
  readonly heading: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: "Fiche d'identification", level: 2 });
  }

  /** Opens the screen and waits for its heading. */
  async open(): Promise<void> {
    await this.page.goto('/contracts/compliance');
    await expect(this.heading).toBeVisible();
  }

  /** A teacher's row, by their name. */
  row(teacher: string): Locator {
    return this.page.getByRole('row').filter({ hasText: teacher });
  }

  /** "Voir": the dialog of the teacher's file. */
  async view(row: Locator, teacher: string): Promise<Locator> {
    await row.getByRole('button', { name: 'Voir' }).click();
    return this.page.getByRole('dialog', { name: `Dossier de ${teacher}` });
  }

  /** "Refuser", the reason, then "Refuser le dossier". */
  async reject(row: Locator, reason: string): Promise<void> {
    await row.getByRole('button', { name: 'Refuser' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Motif du refus' });
    await dialog.getByLabel('Motif (facultatif)').fill(reason);
    await dialog.getByRole('button', { name: 'Refuser le dossier' }).click();
  }

  async validate(row: Locator): Promise<void> {
    await row.getByRole('button', { name: 'Valider' }).click();
  }
}
