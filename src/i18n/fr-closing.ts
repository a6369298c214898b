/** Month closing (« clôture », issue 32): domain/payroll/closing.ts, features/closing. */
import { frPlanning } from './fr-planning';

const MONTHS = frPlanning.timetable.months;

/** 'YYYY-MM' -> « avril 2026 »: every month named in the application (closing, statements, their PDF). */
export function monthLabel(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  return `${MONTHS[Number(match[2]) - 1] ?? match[2]} ${match[1]}`;
}

/** An ISO instant as « 02/05/2026 à 10:00 » (UTC, like every date of the application). */
function when(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} à ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
}

export const frClosing = {
  region: 'Clôture du mois',
  month: (month: string) => `Mois : ${monthLabel(month)}`,
  open: 'Ouvert',
  closed: 'Clôturé',
  scopeLabel: 'Périmètre',
  wholeOrg: "Toute l'organisation",
  closedBy: (scope: string, at: string | null | undefined, by: string | null | undefined) =>
    `${scope} : clôturé le ${when(at)}${by ? ` par ${by}` : ''}`,
  reopenedBy: (scope: string, at: string | null | undefined, by: string | null | undefined, reason: string) =>
    `${scope} : rouvert le ${when(at)}${by ? ` par ${by}` : ''} (motif : ${reason})`,
  closeAction: 'Clôturer le mois',
  reopenAction: 'Rouvrir le mois',
  closeTitle: (month: string) => `Clôturer ${monthLabel(month)} ?`,
  closeBody: (month: string, scope: string, next: string) =>
    `${scope} : les émargements, créneaux et corrections de ${monthLabel(month)} deviendront en lecture seule ` +
    `sur tous les appareils. Une correction faite ensuite sera reportée en ajustement daté sur ${monthLabel(next)}. ` +
    'Seul un administrateur pourra rouvrir ce mois, avec un motif.',
  confirmClose: 'Clôturer',
  cancel: 'Annuler',
  reopenTitle: (month: string) => `Rouvrir ${monthLabel(month)} ?`,
  reopenBody:
    'Le mois redevient modifiable. La réouverture est enregistrée avec votre nom, la date et le motif.',
  reasonLabel: 'Motif de la réouverture',
  confirmReopen: 'Rouvrir',
  closedToast: (month: string) => `${monthLabel(month)} clôturé`,
  reopenedToast: (month: string) => `${monthLabel(month)} rouvert`,
  adminOnly: 'Seul un administrateur (utilisateurs, profils et paramètres) peut clôturer ou rouvrir un mois.',
  /** The banner of a screen showing days of a closed month. */
  readOnly: (month: string, next: string | null) =>
    `${monthLabel(month)} est clôturé : les émargements et les créneaux de ce mois sont en lecture seule.` +
    (next ? ` Une correction sera reportée en ajustement sur ${monthLabel(next)}.` : ''),
  /** Why a control is disabled. */
  disabledReason: (month: string) => `Mois clôturé (${monthLabel(month)}) : modification impossible.`,
  adjustmentNote: (next: string) =>
    `Ce mois est clôturé : la correction sera enregistrée comme ajustement daté sur ${monthLabel(next)}, ` +
    "sans modifier le mois clôturé (l'émargement d'origine et son auteur sont conservés).",
  adjustedToast: (next: string) => `Correction enregistrée en ajustement sur ${monthLabel(next)}`,
  history: 'Historique de la clôture',
  historyClose: (at: string, by: string | null | undefined) =>
    `Clôture le ${when(at)}${by ? ` par ${by}` : ''}`,
  historyReopen: (at: string, by: string | null | undefined, reason: string | null | undefined) =>
    `Réouverture le ${when(at)}${by ? ` par ${by}` : ''}${reason ? ` — ${reason}` : ''}`,
  /** The server's refusal codes (push answer `detail`), and the device's own. */
  refusals: {
    'not-administrator': 'Seul un administrateur peut clôturer ou rouvrir un mois.',
    'invalid-month': 'Mois invalide.',
    'month-not-over': "Ce mois n'est pas terminé : il ne peut être clôturé qu'après son dernier jour.",
    'already-closed': 'Ce mois est déjà clôturé.',
    'unknown-institute': 'Institut inconnu.',
    'not-closed': "Ce mois n'est pas clôturé.",
    'reason-required': 'Indiquez le motif de la réouverture.',
    'reopen-reason-required': 'Indiquez le motif de la réouverture.',
    'month-closed':
      'Ce mois est clôturé : les émargements et les créneaux de ce mois ne peuvent plus être modifiés.',
    'adjustment-month': 'Ce mois est clôturé : la correction doit être reportée sur le mois ouvert suivant.',
    'closure-permanent':
      'Une clôture ne peut pas être supprimée ; elle peut être rouverte par un administrateur.',
  } as Record<string, string>,
  refusal: (code: string) => frClosing.refusals[code] ?? `Clôture refusée (${code}).`,
};
