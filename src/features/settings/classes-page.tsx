import { useState } from 'react';
import { appDb } from '../../db/database';
import { classLinks } from '../../domain/settings/linked-counts';
import type { SchoolClass } from '../../domain/store/schema';
import { fr } from '../../i18n/fr';
import { useToast } from '../../ui/toast';
import { ClassDialog } from './class-dialog';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { ListHeader } from './list-header';
import { RowActions } from './row-actions';
import { deleteReference } from '../../services/settings/settings-service';
import { referenceNames, useSettingsData } from './use-settings-data';
import './settings.css';

const HEADING_ID = 'settings-classes-title';

/**
 * /settings/classes. Counts per class: the course modules of its level and institute (what the class is
 * taught) and its timetables, the two things a school looks for before changing or deleting a class.
 */
export function ClassesPage() {
  const data = useSettingsData();
  const toast = useToast();
  const [editing, setEditing] = useState<SchoolClass | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<SchoolClass | null>(null);
  const t = fr.settings;
  if (!data) return <p className="page-loading">{t.common.loading}</p>;
  const links = classLinks(data.classes, data.courseModules, data.timetables);
  const names = referenceNames(data, t.common.unknownReference);
  const deletingTimetables = deleting ? (links.get(deleting.id)?.timetables ?? 0) : 0;
  const remove = async (item: SchoolClass) => {
    await deleteReference(appDb(), 'classes', item.id);
    toast.show(t.classes.deleted);
    setDeleting(null);
  };
  return (
    <section className="settings-page" aria-labelledby={HEADING_ID}>
      <ListHeader
        headingId={HEADING_ID}
        title={t.classes.title}
        total={data.classes.length}
        addLabel={t.classes.add}
        onAdd={() => setEditing(null)}
      />
      {data.classes.length === 0 ? (
        <p className="empty">{t.classes.empty}</p>
      ) : (
        <div className="settings-table-wrap">
          <table className="settings-table" aria-labelledby={HEADING_ID}>
            <thead>
              <tr>
                <th scope="col">{t.fields.code}</th>
                <th scope="col">{t.fields.level}</th>
                <th scope="col">{t.fields.institute}</th>
                <th scope="col" className="number">
                  {t.fields.modules}
                </th>
                <th scope="col" className="number">
                  {t.fields.timetables}
                </th>
                <th scope="col">{t.common.actions}</th>
              </tr>
            </thead>
            <tbody>
              {data.classes.map((item) => (
                <tr key={item.id}>
                  <th scope="row">{item.code}</th>
                  <td>{names.level(item.levelId)}</td>
                  <td>{names.institute(item.instituteId)}</td>
                  <td className="number">{links.get(item.id)?.modules ?? 0}</td>
                  <td className="number">{links.get(item.id)?.timetables ?? 0}</td>
                  <td>
                    <RowActions
                      itemLabel={item.code}
                      onEdit={() => setEditing(item)}
                      onDelete={() => setDeleting(item)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="hint settings-hint">{t.classes.countsHint}</p>
        </div>
      )}
      {editing !== undefined ? (
        <ClassDialog
          key={editing?.id ?? 'new'}
          record={editing}
          classes={data.classes}
          levels={data.levels.map((l) => ({ id: l.id, label: l.name }))}
          institutes={data.institutes.map((i) => ({ id: i.id, label: i.name }))}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      <ConfirmDeleteDialog
        isOpen={deleting !== null}
        question={deleting ? t.classes.confirmDelete(deleting.code) : ''}
        warnings={deletingTimetables > 0 ? [t.classes.timetableWarning(deletingTimetables)] : []}
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
