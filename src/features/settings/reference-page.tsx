import { useState } from 'react';
import { appDb } from '../../db/database';
import { linkCountsBy, linkCountsOf } from '../../domain/settings/linked-counts';
import type { Institute, Level } from '../../domain/store/schema';
import { fr } from '../../i18n/fr';
import { useToast } from '../../ui/toast';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { ListHeader } from './list-header';
import { ReferenceDialog } from './reference-dialog';
import { LINK_KEY, REFERENCE_TEXTS, type ReferenceKind } from './reference-kind';
import { RowActions } from './row-actions';
import { deleteReference } from '../../services/settings/settings-service';
import { useSettingsData } from './use-settings-data';
import './settings.css';

type Reference = Institute | Level;

/** /settings/instituts and /settings/niveaux: list with counts of linked classes and modules, add, edit, delete. */
export function ReferencePage({ kind }: { kind: ReferenceKind }) {
  const data = useSettingsData();
  const toast = useToast();
  // undefined: no dialog; null: creating.
  const [editing, setEditing] = useState<Reference | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Reference | null>(null);
  const texts = REFERENCE_TEXTS[kind];
  const t = fr.settings;
  if (!data) return <p className="page-loading">{t.common.loading}</p>;
  const items = data[kind];
  const counts = linkCountsBy(LINK_KEY[kind], data.classes, data.courseModules);
  const headingId = `settings-${kind}-title`;
  const deletingLinks = deleting ? linkCountsOf(counts, deleting.id) : null;
  const remove = async (item: Reference) => {
    await deleteReference(appDb(), kind, item.id);
    toast.show(texts.deleted);
    setDeleting(null);
  };
  return (
    <section className="settings-page" aria-labelledby={headingId}>
      <ListHeader
        headingId={headingId}
        title={texts.title}
        total={items.length}
        addLabel={texts.add}
        onAdd={() => setEditing(null)}
      />
      {items.length === 0 ? (
        <p className="empty">{texts.empty}</p>
      ) : (
        <div className="settings-table-wrap">
          <table className="settings-table" aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">{t.fields.name}</th>
                <th scope="col">{t.fields.abbr}</th>
                <th scope="col" className="number">
                  {t.fields.classes}
                </th>
                <th scope="col" className="number">
                  {t.fields.modules}
                </th>
                <th scope="col">{t.common.actions}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => {
                const links = linkCountsOf(counts, item.id);
                return (
                  <tr key={item.id}>
                    <th scope="row">{item.name}</th>
                    <td>{item.abbr}</td>
                    <td className="number">{links.classes}</td>
                    <td className="number">{links.modules}</td>
                    <td>
                      <RowActions
                        itemLabel={item.name}
                        onEdit={() => setEditing(item)}
                        onDelete={() => setDeleting(item)}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {editing !== undefined ? (
        <ReferenceDialog
          key={editing?.id ?? 'new'}
          kind={kind}
          record={editing}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      <ConfirmDeleteDialog
        isOpen={deleting !== null}
        question={deleting ? texts.confirmDelete(deleting.name) : ''}
        warnings={
          deletingLinks && deletingLinks.classes + deletingLinks.modules > 0
            ? [texts.linkedWarning(deletingLinks.classes, deletingLinks.modules)]
            : []
        }
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
