import { expect, type Page } from '@playwright/test';

/**
 * The login screen as a person uses it: its labels and its "Se connecter" button. One place for the steps
 * every spec repeats, so that a change of the form changes one file.
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

  /** Signs in and waits until the app has left the login screen. */
  async signIn(email: string, password: string, options: { remember?: boolean } = {}): Promise<void> {
    await this.submit(email, password, options);
    await expect(this.page).not.toHaveURL(/\/login/);
  }
}

/** Fills and sends the login form of the page already open (the outcome is the caller's to check). */
export function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  return new SignInPage(page).submit(email, password);
}

/** Opens the login screen of `org`, signs in and waits until the app has left it. */
export async function signIn(page: Page, org: string, email: string, password: string): Promise<void> {
  const login = new SignInPage(page);
  await login.open(org);
  await login.signIn(email, password);
}
