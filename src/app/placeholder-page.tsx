import { fr } from '../i18n/fr';

/** Screens of later issues: the route, guard and navigation exist; the screen itself is not built yet. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section className="placeholder">
      <h2>{title}</h2>
      <p>{fr.shell.underConstruction}</p>
    </section>
  );
}

export function NoRoutePage() {
  return <p className="forbidden">{fr.shell.noRoute}</p>;
}
