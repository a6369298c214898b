import { ReferencePage } from './reference-page';

/** /settings/instituts. */
export function InstitutesPage() {
  return <ReferencePage kind="institutes" />;
}
