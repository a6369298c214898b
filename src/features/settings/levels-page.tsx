import { ReferencePage } from './reference-page';

/** /settings/niveaux. */
export function LevelsPage() {
  return <ReferencePage kind="levels" />;
}
