import { fr } from '../../i18n/fr';

export function LoginPage() {
  return (
    <main className="login">
      <h1>{fr.login.title}</h1>
      <form>
        <label>
          {fr.login.email}
          <input type="email" name="email" autoComplete="username" />
        </label>
        <label>
          {fr.login.password}
          <input type="password" name="password" autoComplete="current-password" />
        </label>
        <button type="submit">{fr.login.submit}</button>
      </form>
    </main>
  );
}
