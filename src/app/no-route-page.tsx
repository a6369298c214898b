import { fr } from '../i18n/fr';

export function NoRoutePage() {
  return <p className="forbidden">{fr.shell.noRoute}</p>;
}
