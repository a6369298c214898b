import { frResilience } from '../../i18n/fr-resilience';
import './lost-work.css';

const ID = 'storage-vanished';

/**
 * The screen of a database deleted under the open page (issue 31 item 7), drawn straight into the document:
 * whatever the React tree then does (an empty database may send it to sign-in, the emergency area or its error
 * text), this stays over everything until the page is reloaded.
 */
export function showVanishedScreen(): void {
  if (typeof document === 'undefined' || document.getElementById(ID)) return;
  const t = frResilience.vanished;
  const screen = document.createElement('div');
  screen.id = ID;
  screen.className = 'lost-work-screen';
  screen.setAttribute('role', 'alertdialog');
  screen.setAttribute('aria-modal', 'true');
  screen.setAttribute('aria-labelledby', `${ID}-title`);
  const card = document.createElement('div');
  card.className = 'lost-work-card';
  const title = document.createElement('h1');
  title.id = `${ID}-title`;
  title.textContent = t.title;
  const body = document.createElement('p');
  body.textContent = t.body;
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'button primary';
  reload.textContent = t.reload;
  reload.addEventListener('click', () => window.location.reload());
  card.append(title, body, reload);
  screen.append(card);
  document.body.append(screen);
  reload.focus();
}
