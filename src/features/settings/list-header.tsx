import { Button } from 'react-aria-components';
import { fr } from '../../i18n/fr';

interface Props {
  headingId: string;
  title: string;
  total: number;
  addLabel: string;
  onAdd: () => void;
}

/** Title with its "Total" badge and the create button (spec part 1 point 2, Modules screen). */
export function ListHeader({ headingId, title, total, addLabel, onAdd }: Props) {
  return (
    <div className="settings-list-header">
      <h2 id={headingId} className="settings-title">
        {title} <span className="settings-total">{fr.settings.common.total(total)}</span>
      </h2>
      <Button className="button primary" onPress={onAdd}>
        {addLabel}
      </Button>
    </div>
  );
}
