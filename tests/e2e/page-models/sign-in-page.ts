import { expect, type Browser, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';

/** What signing in waits for: the app has left the login screen, or reached `landing` when given. */
export interface SignInOptions {
  /** Ticks or unticks "Se souvenir de moi"; left as it is when not given. */
  remember?: boolean;
  /** The page the sign-in must land on (e.g. /\/users$/); by default, any page but the login screen. */
  landing?: RegExp;
}

/**
 * The login screen as a person uses it: its labels, its "Se connecter" button and the PIN pad of an
 * enrolled kiosk. One place for the steps every spec repeats, so that a change of the form changes one file.
 */
export class SignInPage {
  /** "Accès administrateur de secours": shown while the organisation has no active administrator. */
  readonly emergency: Locator;
  /** The form's error ("Mot de passe incorrect.", "Utilisateur introuvable…"). */
  readonly error: Locator;

  constructor(private readonly page: Page) {
    this.emergency = page.getByRole('region', { name: 'Accès administrateur de secours' });
    this.error = page.getByRole('alert');
  }

  async open(org: string): Promise<void> {
    await this.page.goto(`/login?org=${org}`);
  }

  /** The login screen with the emergency area opened (`&emergency=1`), as the server's owner reaches it. */
  async openEmergency(org: string): Promise<void> {
    await this.page.goto(`/login?org=${org}&emergency=1`);
  }

  /** Fills the form and presses "Se connecter"; `remember` sets "Se souvenir de moi" when given. */
  async submit(email: string, password: string, options: { remember?: boolean } = {}): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Email' }).first().fill(email);
    await this.page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(password);
    if (options.remember !== undefined) {
      const checkbox = this.page.getByRole('checkbox', { name: 'Se souvenir de moi' });
      if ((await checkbox.isChecked()) !== options.remember) await checkbox.click({ force: true });
    }
    await this.page.getByRole('button', { name: 'Se connecter' }).click();
  }

  /** Signs in and waits until the app has left the login screen (or reached `options.landing`). */
  async signIn(email: string, password: string, options: SignInOptions = {}): Promise<void> {
    await this.submit(email, password, options);
    if (options.landing) await expect(this.page).toHaveURL(options.landing);
    else await expect(this.page).not.toHaveURL(/\/login/);
  }

  /** The "Accès rapide par PIN" tab: on an enrolled kiosk, the list of names and the PIN pad. */
  async openPinTab(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Accès rapide par PIN' }).click();
  }

  /** Types `pin` on the pad and presses "Valider". */
  async typePin(pin: string): Promise<void> {
    for (const digit of pin) await this.page.getByRole('button', { name: `Chiffre ${digit}` }).click();
    await this.page.getByRole('button', { name: 'Valider' }).click();
  }

  /** On the PIN tab: the teacher's name, their PIN and "Valider", then waits for Module du jour. */
  async pinSignIn(name: string, pin: string): Promise<void> {
    await this.page.getByRole('button', { name }).click();
    await this.typePin(pin);
    await expect(this.page).toHaveURL(/\/teacher\/today$/);
  }

  /**
   * In the emergency area: the e-mail, the setup code when given (printed in the server's terminal), then
   * "Promouvoir Super Admin"; the answer is the caller's to check.
   */
  async promoteEmergencyAdmin(email: string, setupCode?: string): Promise<void> {
    await this.emergency.getByLabel('Email').fill(email);
    if (setupCode !== undefined)
      await this.emergency
        .getByLabel('Code d’installation (affiché dans le terminal du serveur)')
        .fill(setupCode);
    await this.emergency.getByRole('button', { name: 'Promouvoir Super Admin' }).click();
  }

  /**
   * On /first-login (an invitation or a temporary password): types the new password and its confirmation and
   * presses "Enregistrer"; where it lands (or the refusal) is the caller's to check.
   */
  async chooseNewPassword(password: string, confirmation: string = password): Promise<void> {
    await this.page.getByLabel('Nouveau mot de passe').fill(password);
    await this.page.getByLabel('Confirmation').fill(confirmation);
    await this.page.getByRole('button', { name: 'Enregistrer' }).click();
  }
}

/** Fills and sends the login form of the page already open (the outcome is the caller's to check). */
export function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  return new SignInPage(page).submit(email, password);
}

/** Opens the login screen of `org`, signs in and waits until the app has left it (or reached `landing`). */
export async function signIn(
  page: Page,
  org: string,
  email: string,
  password: string,
  options: SignInOptions = {},
): Promise<void> {
  const login = new SignInPage(page);
  await login.open(org);
  await login.signIn(email, password, options);
}

export interface NewPageOptions extends SignInOptions {
  /** Options of the new browser context, over the suite's UTC and fr-FR. */
  context?: BrowserContextOptions;
  /** Installs a fake clock starting at this instant before the first page loads. */
  clock?: Date | null;
  /** Fixes "now" at this instant, timers still running (toasts, debounced pushes and pulls as in real life). */
  fixedTime?: Date;
}

/** A fresh browser context (its own device), signed in to `org`: the page it landed on. */
export async function signInOnNewPage(
  browser: Browser,
  org: string,
  email: string,
  password: string,
  options: NewPageOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ timezoneId: 'UTC', locale: 'fr-FR', ...options.context });
  const page = await context.newPage();
  if (options.clock) await page.clock.install({ time: options.clock });
  if (options.fixedTime) await page.clock.setFixedTime(options.fixedTime);
  await signIn(page, org, email, password, options);
  return page;
}

/** The user menu of the top bar: "Changer le mot de passe" and "Déconnexion". */
export class UserMenu {
  /** "Changer le mot de passe": the current one, the new one and its confirmation. */
  readonly passwordDialog: Locator;

  constructor(private readonly page: Page) {
    this.passwordDialog = page.getByRole('dialog', { name: 'Changer le mot de passe' });
  }

  /** Opens the menu and chooses `item`. */
  async choose(item: 'Changer le mot de passe' | 'Déconnexion'): Promise<void> {
    await this.page.getByRole('button', { name: 'Menu utilisateur' }).click();
    await this.page.getByRole('menuitem', { name: item }).click();
  }

  /** In the password dialog: fills what is given and presses "Enregistrer"; the answer is the caller's. */
  async changePassword(fields: { current?: string; next: string; confirmation?: string }): Promise<void> {
    const dialog = this.passwordDialog;
    if (fields.current !== undefined) await dialog.getByLabel('Mot de passe actuel').fill(fields.current);
    await dialog.getByLabel('Nouveau mot de passe', { exact: true }).fill(fields.next);
    await dialog.getByLabel('Confirmation du nouveau mot de passe').fill(fields.confirmation ?? fields.next);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  }
}

/** The user menu's "Déconnexion": back on the login screen. */
export async function signOut(page: Page): Promise<void> {
  await new UserMenu(page).choose('Déconnexion');
  await expect(page).toHaveURL(/\/login/);
}
