import { SECTION_TABLE } from '../domain/auth/paths';
import { canOpen, type Access, type GuardedPath } from '../domain/auth/routes';
import { fr } from '../i18n/fr';

export interface SectionTab {
  label: string;
  path: GuardedPath;
}

export interface Section {
  id: string;
  title: string;
  /** Where the side navigation entry leads (section roots redirect to their first permitted tab). */
  href: string;
  /** Path prefixes that belong to this section, for the header title and tabs. */
  prefixes: readonly string[];
  tabs: readonly SectionTab[];
}

/**
 * Side navigation "Modules" in the catalogue's order, labels of spec part 1 point 2: the sections of the one
 * table (domain/auth/paths.ts) with their French labels.
 */
export const SECTIONS: readonly Section[] = SECTION_TABLE.map((row) => {
  const title = fr.sections[row.title];
  return {
    id: row.id,
    title,
    href: row.home,
    prefixes: [...new Set<string>([row.home, ...row.tabs.map((t) => t.path)])],
    tabs: row.tabs.map((tab) => ({ label: tab.label === null ? title : fr.tabs[tab.label], path: tab.path })),
  };
});

export function visibleTabs(section: Section, access: Access): SectionTab[] {
  return section.tabs.filter((t) => canOpen(t.path, access));
}

/** A section is shown when any of its tabs may be opened (a parent counts if any child is granted). */
export function visibleSections(access: Access): Section[] {
  return SECTIONS.filter((s) => visibleTabs(s, access).length > 0);
}

/**
 * The section a path belongs to: the one with the longest matching prefix (/teacher/contract is its own
 * section inside the teacher's space).
 */
export function sectionOf(pathname: string): Section | undefined {
  let best: { section: Section; length: number } | undefined;
  for (const section of SECTIONS)
    for (const prefix of section.prefixes)
      if ((pathname === prefix || pathname.startsWith(`${prefix}/`)) && prefix.length > (best?.length ?? -1))
        best = { section, length: prefix.length };
  return best?.section;
}

/** The side navigation entry of a section leads to its first permitted tab. */
export function sectionHref(section: Section, access: Access): string {
  return visibleTabs(section, access)[0]?.path ?? section.href;
}
