/**
 * Texts of issue 31 item 7 ("lost work is said, never silent"), kept apart from the shared dictionaries.
 * Times are the organisation's (UTC, as domain/payroll/closing ORG_TIME_ZONE).
 */
const when = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});

/** "27/11/2026 à 08:05"; the ISO text itself if it is not a date. */
export function frWhen(iso: string): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return iso;
  return when.format(ms).replace(' ', ' à ');
}

const changes = (n: number) => (n === 1 ? '1 modification' : `${n} modifications`);

export interface LostWorkFigures {
  count: number;
  oldestAt: string;
  latestAt: string;
  noticedAt: string;
  userName: string | null;
}

/** The journal entry's detail, written by the server (server/routes/lost-work.ts). */
export function lostWorkJournalDetails(r: LostWorkFigures): string {
  const span =
    r.oldestAt === r.latestAt
      ? `faite le ${frWhen(r.oldestAt)}`
      : `faites du ${frWhen(r.oldestAt)} au ${frWhen(r.latestAt)}`;
  return (
    `${changes(r.count)} non envoyée${r.count === 1 ? '' : 's'} perdue${r.count === 1 ? '' : 's'} sur un appareil ` +
    `(${span}${r.userName ? `, par ${r.userName}` : ''}) : le navigateur a effacé les données de l’application ` +
    `avant l’envoi. Constaté le ${frWhen(r.noticedAt)}.`
  );
}

export const frResilience = {
  journalAction: 'Modifications perdues (appareil)',
  lostWork: {
    title: 'Des modifications n’ont pas pu être envoyées',
    body: (r: LostWorkFigures) => {
      const span =
        r.oldestAt === r.latestAt
          ? `faite le ${frWhen(r.oldestAt)}`
          : `faites entre le ${frWhen(r.oldestAt)} et le ${frWhen(r.latestAt)}`;
      return (
        `${changes(r.count)} ${span}${r.userName ? ` par ${r.userName}` : ''} ` +
        `${r.count === 1 ? 'attendait' : 'attendaient'} encore le réseau quand le navigateur a effacé les données ` +
        `de l’application. ${r.count === 1 ? 'Elle est perdue' : 'Elles sont perdues'} : refaites-${r.count === 1 ? 'la' : 'les'} ` +
        `(un émargement refait maintenant est enregistré à l’heure de maintenant).`
      );
    },
    reported: 'L’administration en a été informée (Journal des actions).',
    willReport: 'L’administration en sera informée dès que vous serez connecté(e).',
    dismiss: 'J’ai compris',
  },
  vanished: {
    title: 'Les données de l’application ont été effacées',
    body:
      'Le navigateur a supprimé les données enregistrées sur cet appareil pendant que l’application était ouverte ' +
      '(espace de stockage libéré ou données du site effacées). Rechargez la page pour repartir des données du serveur ; ' +
      'les modifications qui n’avaient pas été envoyées vous seront signalées.',
    reload: 'Recharger l’application',
  },
  persistence: {
    /** The first change made offline, refused: short, with what to do (an installed app is usually kept). */
    refused:
      'Vos modifications attendent le réseau sur cet appareil. Pour que le navigateur ne les efface pas s’il ' +
      'manque de place, installez l’application (menu du navigateur, « Installer »).',
    /** The Paramètres button, refused. */
    settingsRefused:
      'Le navigateur n’a pas accordé le stockage persistant. Installez l’application (menu du navigateur, ' +
      '« Installer ») : il l’accorde alors le plus souvent.',
    dismiss: 'Fermer',
  },
};
