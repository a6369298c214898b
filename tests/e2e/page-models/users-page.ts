import { expect, type Locator, type Page } from '@playwright/test';

/** The names the user form asks for, as the wizard's labels say them. */
export interface NewUserFields {
  firstName?: string;
  lastName?: string;
  email?: string;
}

/**
 * Gestion des utilisateurs (/users) as an administrator uses it: the list with its count, search and
 * selection, each row's actions named after the person ("Modifier Ibrahima Sarr", "Statut de …"), the
 * wizard and the editor, and the dialogs that show a secret once (invitation, temporary password, PIN).
 */
export class UsersPage {
  /** "3 sur 3 utilisateur(s)", "1 sélectionné(s)"… */
  readonly count: Locator;
  readonly search: Locator;
  /** "Nouvel utilisateur": the profile first, then the form. */
  readonly wizard: Locator;
  /** "Modifier l'utilisateur". */
  readonly editor: Locator;
  /** "Invitation": the one-time password of a new account, shown once. */
  readonly invitation: Locator;

  constructor(private readonly page: Page) {
    this.count = page.getByRole('status').filter({ hasText: 'utilisateur(s)' });
    this.search = page.getByPlaceholder('Rechercher (nom, email, profil)');
    this.wizard = page.getByRole('dialog', { name: 'Nouvel utilisateur' });
    this.editor = page.getByRole('dialog', { name: "Modifier l'utilisateur" });
    this.invitation = page.getByRole('dialog', { name: 'Invitation' });
  }

  async open(): Promise<void> {
    await this.page.goto('/users');
  }

  /** A user's row, by their name. */
  row(name: string): Locator {
    return this.page.getByRole('row', { name: new RegExp(name) });
  }

  /** A user's "Statut de …" switch (checked: Actif). */
  statusSwitch(name: string): Locator {
    return this.page.getByRole('switch', { name: `Statut de ${name}` });
  }

  /** A button of a user's row, by its action ("Modifier", "Archiver", "Restaurer"…). */
  action(action: string, name: string): Locator {
    return this.page.getByRole('button', { name: `${action} ${name}` });
  }

  /** "+ Ajouter un utilisateur", then the profile's button in the wizard: its form. */
  async startNewUser(profile: string): Promise<Locator> {
    await this.page.getByRole('button', { name: '+ Ajouter un utilisateur' }).click();
    await this.wizard.getByRole('button', { name: profile }).click();
    return this.wizard;
  }

  /** Fills the fields given of the wizard or the editor (`form`), by their labels. */
  async fill(form: Locator, fields: NewUserFields): Promise<void> {
    if (fields.firstName !== undefined) await form.getByLabel('Prénom').fill(fields.firstName);
    if (fields.lastName !== undefined) await form.getByLabel('Nom', { exact: true }).fill(fields.lastName);
    if (fields.email !== undefined) await form.getByLabel('Email').fill(fields.email);
  }

  /** "Enregistrer" of the wizard or the editor (`form`). */
  async save(form: Locator): Promise<void> {
    await form.getByRole('button', { name: 'Enregistrer' }).click();
  }

  /** "Modifier …" on a user's row: the editor. */
  async edit(name: string): Promise<Locator> {
    await this.action('Modifier', name).click();
    return this.editor;
  }

  /** "Créer l'invitation" in the Invitation dialog: the one-time password it shows. */
  async createInvitation(): Promise<string> {
    await this.invitation.getByRole('button', { name: "Créer l'invitation" }).click();
    return (await this.invitation.getByRole('status', { name: 'Invitation' }).textContent()) ?? '';
  }

  /** Flips a user's status as a person does: React Aria draws the switch over a hidden input, its label takes the click. */
  async flipStatus(name: string): Promise<void> {
    await this.statusSwitch(name).locator('xpath=ancestor::label[1]').click();
  }

  /** "Archiver …" on a user's row, then "Archiver" in the confirmation. */
  async archive(name: string): Promise<void> {
    await this.action('Archiver', name).click();
    await this.page.getByRole('alertdialog').getByRole('button', { name: 'Archiver' }).click();
  }

  async restore(name: string): Promise<void> {
    await this.action('Restaurer', name).click();
  }

  /** "Réinitialiser le mot de passe de …", "Générer": the temporary password shown once, then "Fermer". */
  async generateTemporaryPassword(name: string): Promise<string> {
    await this.page.getByRole('button', { name: `Réinitialiser le mot de passe de ${name}` }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Mot de passe temporaire' });
    await dialog.getByRole('button', { name: 'Générer' }).click();
    const password =
      (await this.page.getByRole('status', { name: 'Mot de passe temporaire' }).textContent()) ?? '';
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    return password;
  }

  /** "Code PIN de …", "Générer": waits for "Nouveau PIN généré", reads the PIN shown once, then "Fermer". */
  async generatePin(name: string): Promise<string> {
    await this.page.getByRole('button', { name: `Code PIN de ${name}` }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Code PIN' });
    await dialog.getByRole('button', { name: 'Générer' }).click();
    await expect(this.page.getByText('Nouveau PIN généré')).toBeVisible();
    const pin = (await this.page.getByRole('status', { name: 'Code PIN' }).textContent()) ?? '';
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    return pin;
  }

  /** Ticks "Tout sélectionner" on its drawn label. */
  async selectAll(): Promise<void> {
    await this.page
      .getByRole('checkbox', { name: 'Tout sélectionner' })
      .locator('xpath=ancestor::label[1]')
      .click();
  }

  /** A tab of the section: "Utilisateurs", "Profils", "Journal". */
  async openTab(name: 'Utilisateurs' | 'Profils' | 'Journal'): Promise<void> {
    await this.page.getByRole('link', { name, exact: true }).click();
  }
}

/** Profils (/profiles): the cards, "+ Nouveau profil", each profile's form data and deletion. */
export class ProfilesPage {
  /** "Nouveau profil": its name and the module tree. */
  readonly newProfileDialog: Locator;

  constructor(private readonly page: Page) {
    this.newProfileDialog = page.getByRole('dialog', { name: 'Nouveau profil' });
  }

  /** A profile's card, by its name. */
  card(name: string): Locator {
    return this.page.getByRole('listitem').filter({ hasText: name });
  }

  async startNewProfile(): Promise<Locator> {
    await this.page.getByRole('button', { name: '+ Nouveau profil' }).click();
    return this.newProfileDialog;
  }

  /** "Données du formulaire de …": the dialog of the fields its users' form shows. */
  async openFormFields(profile: string): Promise<Locator> {
    await this.page.getByRole('button', { name: `Données du formulaire de ${profile}` }).click();
    return this.page.getByRole('dialog', { name: `Données du formulaire · ${profile}` });
  }

  /** "Supprimer …" on a profile's card: the confirmation, left open for the caller to read and answer. */
  async askToDelete(profile: string): Promise<Locator> {
    await this.page.getByRole('button', { name: `Supprimer ${profile}` }).click();
    return this.page.getByRole('alertdialog');
  }
}
