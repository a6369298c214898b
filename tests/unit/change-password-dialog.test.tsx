import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangePasswordDialog } from '../../src/features/auth/change-password-dialog';
import { fr } from '../../src/i18n/fr';
import { ToastProvider } from '../../src/ui/toast';

afterEach(cleanup);

function type(label: string, value: string) {
  const input = within(screen.getByRole('dialog')).getByLabelText(label, { selector: 'input' });
  act(() => {
    fireEvent.change(input, { target: { value } });
  });
}

/**
 * « Changer le mot de passe » says "ne correspondent pas" by the rule of the first-login and reset screens
 * (domain/auth/password.ts checkNewPassword): only once the new password is long enough; a shorter one goes
 * to the service, whose answers come in the spec's order (here, nobody signed in).
 */
describe('change password dialog: the mismatch threshold', () => {
  it.each([
    ['123456', '123457', fr.password.mismatch],
    ['12345', '12346', fr.app.notLoggedIn],
  ])('new %j, confirmation %j: %s', async (next, confirmation, expected) => {
    render(
      <ToastProvider>
        <ChangePasswordDialog userId={null} isOpen onOpenChange={() => undefined} />
      </ToastProvider>,
    );
    type(fr.changePassword.current, 'ancien');
    type(fr.changePassword.next, next);
    type(fr.changePassword.confirmation, confirmation);
    act(() => {
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: fr.password.save }));
    });
    expect((await screen.findByRole('alert')).textContent).toBe(expected);
  });
});
