import { useState } from 'react';
import { appDb } from '../../db/database';
import { slotCountsByModule } from '../../domain/settings/linked-counts';
import type { CourseModule } from '../../domain/store/schema';
import { fr } from '../../i18n/fr';
import { frImportLevels } from '../../i18n/fr-import-levels';
import { useToast } from '../../ui/toast';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { CourseModuleDialog } from './course-module-dialog';
import { ListHeader } from './list-header';
import { RowActions } from './row-actions';
import { deleteReference } from '../../services/settings/settings-service';
import { referenceNames, useSettingsData } from './use-settings-data';
import './settings.css';

const HEADING_ID = 'settings-modules-title';

/**
 * /settings/modules, as spec part 1 point 2 describes it: "Modules" with a "Total" badge; Code, Nom,
 * Niveau, Institut, Actions; a dash for an unknown level or institute; confirmation before deleting.
 */
export function CourseModulesPage() {
  const data = useSettingsData();
  const toast = useToast();
  const [editing, setEditing] = useState<CourseModule | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<CourseModule | null>(null);
  const t = fr.settings;
  if (!data) return <p className="page-loading">{t.common.loading}</p>;
  const names = referenceNames(data, t.common.unknownReference);
  const slotsUsing = deleting ? (slotCountsByModule(data.timetables).get(deleting.id) ?? 0) : 0;
  const remove = async (item: CourseModule) => {
    await deleteReference(appDb(), 'courseModules', item.id);
    toast.show(t.courseModules.deleted);
    setDeleting(null);
  };
  return (
    <section className="settings-page" aria-labelledby={HEADING_ID}>
      <ListHeader
        headingId={HEADING_ID}
        title={t.courseModules.title}
        total={data.courseModules.length}
        addLabel={t.courseModules.add}
        onAdd={() => setEditing(null)}
      />
      {data.courseModules.length === 0 ? (
        <p className="empty">{t.courseModules.empty}</p>
      ) : (
        <div className="settings-table-wrap">
          <table className="settings-table" aria-labelledby={HEADING_ID}>
            <thead>
              <tr>
                <th scope="col">{t.fields.code}</th>
                <th scope="col">{t.fields.name}</th>
                <th scope="col">{t.fields.level}</th>
                <th scope="col">{t.fields.institute}</th>
                <th scope="col">{t.common.actions}</th>
              </tr>
            </thead>
            <tbody>
              {data.courseModules.map((item) => (
                <tr key={item.id}>
                  <th scope="row">{item.code}</th>
                  <td>{item.name}</td>
                  <td>{item.levelId ? names.level(item.levelId) : frImportLevels.allLevels}</td>
                  <td>{names.institute(item.instituteId)}</td>
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
        </div>
      )}
      {editing !== undefined ? (
        <CourseModuleDialog
          key={editing?.id ?? 'new'}
          record={editing}
          courseModules={data.courseModules}
          levels={data.levels.map((l) => ({ id: l.id, label: l.name }))}
          institutes={data.institutes.map((i) => ({ id: i.id, label: i.name }))}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      <ConfirmDeleteDialog
        isOpen={deleting !== null}
        question={deleting ? t.courseModules.confirmDelete(deleting.code) : ''}
        warnings={slotsUsing > 0 ? [t.courseModules.slotWarning(slotsUsing)] : []}
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
