import { NavLink } from 'react-router-dom';
import type { Access } from '../../domain/auth/routes';
import { fr } from '../../i18n/fr';
import { sectionHref, visibleSections } from '../sections';

export function SideNav({ access, onNavigate }: { access: Access; onNavigate?: () => void }) {
  return (
    <nav className="side-nav" aria-label={fr.shell.modules}>
      <h2 className="side-nav-title">{fr.shell.modules}</h2>
      <ul>
        {visibleSections(access).map((section) => (
          <li key={section.id}>
            <NavLink
              to={sectionHref(section, access)}
              onClick={onNavigate}
              className={({ isActive }) => (isActive ? 'active' : undefined)}
            >
              {section.title}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
