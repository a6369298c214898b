import { useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import type { Access } from '../../domain/auth/routes';
import { fr } from '../../i18n/fr';
import { visibleTabs, type Section } from '../sections';

/**
 * Tabs of a section, filtered by permission; links, since each tab is its own route. On a narrow screen the
 * row scrolls sideways: the active tab is brought into view and a shadow and a chevron show where more wait.
 */
export function SectionTabs({ section, access }: { section: Section; access: Access }) {
  const tabs = visibleTabs(section, access);
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const [hasMore, setHasMore] = useState(false);
  useEffect(() => {
    const el = nav.current;
    if (!el) return undefined;
    const active = el.querySelector<HTMLElement>('.tab.active');
    if (active) {
      // Horizontal only: scrollIntoView would also scroll the page.
      const left = active.offsetLeft - el.offsetLeft;
      if (left < el.scrollLeft || left + active.offsetWidth > el.scrollLeft + el.clientWidth)
        el.scrollLeft = Math.max(0, left - (el.clientWidth - active.offsetWidth) / 2);
    }
    const update = () => setHasMore(el.scrollLeft + el.clientWidth < el.scrollWidth - 2);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    el.addEventListener('scroll', update, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', update);
    };
  }, [pathname, tabs.length]);
  if (tabs.length < 2) return null;
  return (
    <nav ref={nav} className="section-tabs" aria-label={fr.shell.sectionTabs}>
      {tabs.map((tab) => (
        <NavLink key={tab.path} to={tab.path} className={({ isActive }) => (isActive ? 'tab active' : 'tab')}>
          {tab.label}
        </NavLink>
      ))}
      {hasMore ? (
        <span className="section-tabs-more" aria-hidden="true">
          ›
        </span>
      ) : null}
    </nav>
  );
}
