import { useId, useMemo } from 'react';
import { fixedName, userChoiceLabel, type NameKind } from '../../../domain/planning/import-renames';
import { referenceKey } from '../../../domain/timetable-parsing';
import { fr } from '../../../i18n/fr';
import { DetectedNames, NameMapSelect, UserMapField } from './detected-names';
import type { Verification } from './use-verification';

/** The classes, modules and teachers read in the file, each renamed or mapped onto an existing record. */
export function DetectedSections({ verification }: { verification: Verification }) {
  const { data, detected, fixes, teacherTexts, unmatchedTeachers, rename, mapTo, mapTeacherText } =
    verification;
  const v = fr.planning.import.verify;
  const w = fr.importVerify;
  const listId = useId();
  const references = useMemo(
    () => ({
      classes: data?.classes ?? [],
      courseModules: data?.courseModules ?? [],
      users: data?.users ?? [],
    }),
    [data?.classes, data?.courseModules, data?.users],
  );
  const classOptions = useMemo(
    () => references.classes.map((c) => ({ id: c.id, label: c.code })),
    [references.classes],
  );
  const moduleOptions = useMemo(
    () =>
      references.courseModules.map((m) => ({ id: m.id, label: m.code ? `${m.name} (${m.code})` : m.name })),
    [references.courseModules],
  );
  const userLabels = useMemo(
    () => references.users.filter((u) => u.status !== 'Archived').map(userChoiceLabel),
    [references.users],
  );
  if (detected === null) return <p className="hint">{w.matching}</p>;
  const kept = (kind: NameKind) => (name: string) => fixedName(kind, name, fixes, references);
  // The field shows what is typed, spaces included, until the user picks a record instead.
  const current = (kind: NameKind) => (name: string) =>
    fixes.renames[kind][referenceKey(name)] ?? kept(kind)(name);
  // The record an entry designates: the one chosen, else the one its kept name matches.
  const mappedId = (kind: 'classes' | 'modules', name: string) => {
    const chosen = fixes.mappings[kind][referenceKey(name)];
    if (chosen !== undefined) return chosen;
    const key = referenceKey(kept(kind)(name));
    const found =
      kind === 'classes'
        ? references.classes.find((c) => referenceKey(c.code) === key)
        : references.courseModules.find((m) => referenceKey(m.name) === key);
    return found?.id ?? '';
  };
  const teacherText = (name: string) => {
    const typed = teacherTexts[referenceKey(name)];
    if (typed !== undefined) return typed;
    const id = fixes.mappings.teachers[referenceKey(name)];
    const user = id === undefined ? undefined : references.users.find((u) => u.id === id);
    return user === undefined ? '' : userChoiceLabel(user);
  };

  return (
    <>
      <DetectedNames
        title={v.detectedTitle(detected.classes.length)}
        intro={v.detectedIntro}
        entries={detected.classes}
        currentName={current('classes')}
        renameLabel={v.renameLabel}
        onRename={(name, text) => rename('classes', name, text)}
        mapCell={(name) => (
          <NameMapSelect
            label={v.mapLabel(name)}
            value={mappedId('classes', name)}
            none={v.noMapping}
            options={classOptions}
            onChange={(id) => mapTo('classes', name, id)}
          />
        )}
      />
      <DetectedNames
        title={w.detectedTitle.modules(detected.modules.length)}
        intro={w.detectedIntro.modules}
        entries={detected.modules}
        currentName={current('modules')}
        renameLabel={w.renameLabel.modules}
        onRename={(name, text) => rename('modules', name, text)}
        mapCell={(name) => (
          <NameMapSelect
            label={w.mapLabel.modules(name)}
            value={mappedId('modules', name)}
            none={w.noModuleMapping}
            options={moduleOptions}
            onChange={(id) => mapTo('modules', name, id)}
          />
        )}
      />
      <DetectedNames
        title={w.detectedTitle.teachers(detected.teachers.length)}
        intro={w.detectedIntro.teachers}
        entries={detected.teachers}
        currentName={current('teachers')}
        renameLabel={w.renameLabel.teachers}
        onRename={(name, text) => rename('teachers', name, text)}
        mapCell={(name) => (
          <UserMapField
            label={w.mapLabel.teachers(name)}
            listId={listId}
            value={teacherText(name)}
            isUnmatched={unmatchedTeachers.includes(referenceKey(name))}
            errorId={`${listId}-${referenceKey(name).replace(/\W+/g, '-')}`}
            onChange={(text) => mapTeacherText(name, text)}
          />
        )}
      >
        <datalist id={listId}>
          {userLabels.map((label) => (
            <option key={label} value={label} />
          ))}
        </datalist>
      </DetectedNames>
    </>
  );
}
