import { expect, test } from '@playwright/test';
import { hashSecret } from '../../src/domain/secrets';
import { INITIAL_PASSWORD, inviteApi, newOrgId, schoolWithTeachers, seedOrg } from './support/org';
import { SignInPage } from './page-models/sign-in-page';

// Issue 29, item 1: no account opens with the README's initial password. An account still on it (migrated,
// or created by an older version) is refused and reported in /users; its invitation opens it once.
test('an account still on the initial password is refused, reported, and opens with its invitation', async ({
  page,
  request,
  baseURL,
}) => {
  const org = newOrgId('invitations');
  const store = schoolWithTeachers();
  await seedOrg(request, org, {
    ...store,
    users: [
      ...store.users,
      {
        id: 'u-ancien',
        name: 'Ancien Compte',
        email: 'ancien@ecole.sn',
        profileId: 'super-admin',
        status: 'Active',
        // A hash of the README's password with the server's own parameters, as an older version wrote it.
        passwordHash: await hashSecret(INITIAL_PASSWORD),
        mustChangePassword: true,
      },
    ],
  });

  // A colleague who read the README tries it: refused, even with the right password.
  const login = new SignInPage(page);
  await login.open(org);
  await login.submit('ancien@ecole.sn', INITIAL_PASSWORD);
  await expect(login.error).toHaveText(
    "Ce mot de passe à usage unique n'est plus valable. Demandez une nouvelle invitation à un administrateur.",
  );

  // The administrators see it in /users.
  await login.submit('awa@ecole.sn', 'Admin@2026');
  await expect(page).toHaveURL(/\/users$/);
  const pending = page.getByRole('region', { name: "1 compte(s) en attente d'une invitation" });
  await expect(pending).toContainText('Ancien Compte (ancien@ecole.sn)');

  // Its invitation opens it once, on the first-login screen.
  const invitation = await inviteApi(baseURL ?? '', org, 'u-ancien');
  const other = await page.context().browser()!.newPage();
  const otherLogin = new SignInPage(other);
  await otherLogin.open(org);
  await otherLogin.submit('ancien@ecole.sn', invitation);
  await expect(other).toHaveURL(/\/first-login$/);
  await otherLogin.chooseNewPassword('Ancien@2026');
  await expect(other).not.toHaveURL(/first-login|login/);
  await other.close();
  await expect(pending).toHaveCount(0);
});
