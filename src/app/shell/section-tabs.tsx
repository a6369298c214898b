import { NavLink } from 'react-router-dom';
import type { Access } from '../../domain/auth/routes';
import { fr } from '../../i18n/fr';
import { visibleTabs, type Section } from '../sections';

/** Tabs of a section, filtered by permission; links, since each tab is its own route. */
export function SectionTabs({ section, access }: { section: Section; access: Access }) {
  const tabs = visibleTabs(section, access);
  if (tabs.length < 2) return null;
  return (
    <nav className="section-tabs" aria-label={fr.shell.sectionTabs}>
      {tabs.map((tab) => (
        <NavLink key={tab.path} to={tab.path} className={({ isActive }) => (isActive ? 'tab active' : 'tab')}>
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
