import type { ProposalReason } from '../../domain/absences/substitute-ranking';
import { formatDuration } from '../../domain/format/duration';
import { frAbsences } from '../../i18n/fr-absences';

const r = frAbsences.reasons;

/** Why a substitute ranks where she does, in words. */
export function reasonText(reason: ProposalReason): string {
  switch (reason.code) {
    case 'free':
    case 'teaches-module':
    case 'teaches-level':
    case 'not-qualified':
    case 'cap-none':
    case 'no-contract':
      return r[reason.code];
    case 'cap-room':
      return r['cap-room'](formatDuration(reason.remainingMin));
    case 'cap-near':
      return r['cap-near'](formatDuration(reason.remainingMin));
    case 'cap-exceeded':
      return r['cap-exceeded'](formatDuration(reason.overMin));
    case 'substitutions-this-month':
      return r.substitutions(reason.count);
  }
}
