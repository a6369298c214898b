import { fr } from '../../i18n/fr';

/** Institutes and levels have one shape (name, abbr) and one screen, with their own texts. */
export type ReferenceKind = 'institutes' | 'levels';

export const REFERENCE_TEXTS = {
  institutes: fr.settings.institutes,
  levels: fr.settings.levels,
} as const;

/** The field of classes and modules that points to this kind. */
export const LINK_KEY = { institutes: 'instituteId', levels: 'levelId' } as const;
