import { Button } from 'react-aria-components';
import { fr } from '../../i18n/fr';

interface Props {
  itemLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** "Modifier" / "Supprimer" of a row; the accessible names say which row. */
export function RowActions({ itemLabel, onEdit, onDelete }: Props) {
  const t = fr.settings.common;
  return (
    <div className="settings-row-actions">
      <Button className="button secondary settings-small" aria-label={t.editItem(itemLabel)} onPress={onEdit}>
        {t.edit}
      </Button>
      <Button
        className="button settings-danger-outline settings-small"
        aria-label={t.removeItem(itemLabel)}
        onPress={onDelete}
      >
        {t.remove}
      </Button>
    </div>
  );
}
