import { Button } from 'react-aria-components';
import { fr } from '../../../i18n/fr';
import { AppDialog } from '../../../ui/app-dialog';
import './import.css';

interface Props {
  classCount: number;
  onChoose: (replaceEarlier: boolean) => void;
  onCancel: () => void;
}

/** Beyond the spec: the period already holds an import for these classes — replace it or add beside it. */
export function ReimportDialog({ classCount, onChoose, onCancel }: Props) {
  const t = fr.planning.import.verify;
  return (
    <AppDialog
      isOpen
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title={t.reimportTitle}
      role="alertdialog"
    >
      <div className="import-reimport">
        <p>{t.reimportIntro(classCount)}</p>
        <p className="hint">{t.reimportHistory}</p>
      </div>
      <div className="dialog-actions">
        <Button className="button secondary" onPress={onCancel}>
          {fr.planning.import.cancel}
        </Button>
        <Button className="button secondary" onPress={() => onChoose(false)}>
          {t.add}
        </Button>
        <Button className="button primary" onPress={() => onChoose(true)} autoFocus>
          {t.replace}
        </Button>
      </div>
    </AppDialog>
  );
}
