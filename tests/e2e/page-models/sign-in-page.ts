import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';

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
  constructor(private readonly page: Page) {}

  async open(org: string): Promise<void> {
    await this.page.goto(`/login?org=${org}`);
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

/** The user menu's "Déconnexion": back on the login screen. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menu utilisateur' }).click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/login/);
}
