import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { FeedKey, FeedSummary } from '../../domain/api-schemas/calendar';
import { frenchDate } from '../../domain/time/french-date';
import { frCalendar } from '../../i18n/fr-calendar';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FeedAddress } from './feed-address';
import type { RevealedFeed } from './use-calendar-feeds';

const t = frCalendar.dialog;

interface Props {
  label: string;
  feedKey: FeedKey;
  /** The active address of this key on the server, if any. */
  active: FeedSummary | undefined;
  /** The address just made for this key (shown once). */
  revealed: RevealedFeed | null;
  onCreate: (key: FeedKey) => Promise<void>;
  onRevoke: (key: FeedKey) => Promise<void>;
}

/** One address: create it, or regenerate / revoke it after a confirmation. */
export function FeedRow({ label, feedKey, active, revealed, onCreate, onRevoke }: Props) {
  const [confirm, setConfirm] = useState<'regenerate' | 'revoke' | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setIsBusy(true);
    try {
      await action();
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <section className="calendar-feed" aria-label={label}>
      <h3>{label}</h3>
      {revealed ? (
        <FeedAddress feed={revealed} />
      ) : (
        <p>{active ? t.active(frenchDate(active.createdAt.slice(0, 10))) : t.none}</p>
      )}
      <div className="dialog-actions">
        {active ? (
          <>
            <Button className="button secondary" isDisabled={isBusy} onPress={() => setConfirm('revoke')}>
              {t.revoke}
            </Button>
            <Button className="button secondary" isDisabled={isBusy} onPress={() => setConfirm('regenerate')}>
              {t.regenerate}
            </Button>
          </>
        ) : (
          <Button
            className="button primary"
            isDisabled={isBusy}
            onPress={() => void run(() => onCreate(feedKey))}
          >
            {t.create}
          </Button>
        )}
      </div>
      <ConfirmDialog
        isOpen={confirm !== null}
        onOpenChange={(open) => {
          if (!open) setConfirm(null);
        }}
        title={confirm === 'revoke' ? t.confirmRevokeTitle : t.confirmRegenerateTitle}
        message={confirm === 'revoke' ? t.confirmRevoke : t.confirmRegenerate}
        confirmLabel={confirm === 'revoke' ? t.revoke : t.regenerate}
        cancelLabel={t.cancel}
        onConfirm={() => run(() => (confirm === 'revoke' ? onRevoke(feedKey) : onCreate(feedKey)))}
      />
    </section>
  );
}
