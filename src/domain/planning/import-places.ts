import { missingPlacesComplete } from './import-renames';

/** The level and institute chosen for a class or module to create (null while not chosen). */
export interface PlaceOfName {
  levelId: string | null;
  instituteId: string | null;
}

export interface PlacesInput {
  /** Names of the classes and modules the import would create. */
  classes: readonly string[];
  modules: readonly string[];
  placeOf: (kind: 'classes' | 'modules', name: string) => PlaceOfName;
  /** How many levels and institutes the installation has; undefined while the data is loading. */
  available: { levels: number; institutes: number } | undefined;
}

/**
 * Where the verification dialog stands on levels and institutes. The notice names the text of
 * fr.planning.import.verify the dialog shows ('noPlaces' on an installation without any level or institute,
 * 'placeRequired' while a choice is missing).
 */
export interface PlacesCheck {
  needsPlaces: boolean;
  /** "Créer" may run: every class and module to create has its level and institute. */
  complete: boolean;
  noPlaces: boolean;
  notice: 'noPlaces' | 'placeRequired' | null;
}

/** Classes are never created without a level and an institute, modules without an institute (empty installations). */
export function checkPlaces({ classes, modules, placeOf, available }: PlacesInput): PlacesCheck {
  const needsPlaces = classes.length + modules.length > 0;
  // A module without a level is one of several levels ("Plusieurs niveaux", issue 33 point 5): it needs its
  // institute only; a class always needs both.
  const complete =
    missingPlacesComplete(classes, (name) => placeOf('classes', name)) &&
    modules.every((name) => placeOf('modules', name).instituteId !== null);
  const noPlaces =
    needsPlaces && available !== undefined && (available.levels === 0 || available.institutes === 0);
  const notice = noPlaces ? 'noPlaces' : needsPlaces && !complete ? 'placeRequired' : null;
  return { needsPlaces, complete: complete && !noPlaces, noPlaces, notice };
}
