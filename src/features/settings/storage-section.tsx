import { useCallback, useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { fr } from '../../i18n/fr';
import { askPersistentStorage } from '../../db/persist-storage';
import { frResilience } from '../../i18n/fr-resilience';

interface StorageState {
  usage: number | null;
  quota: number | null;
  isPersisted: boolean | null;
}

const BYTES_PER_MB = 1_000_000;
const mb = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1, minimumFractionDigits: 1 });

async function readStorage(): Promise<StorageState> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.estimate) return { usage: null, quota: null, isPersisted: null };
  const [estimate, isPersisted] = await Promise.all([
    storage.estimate(),
    storage.persisted ? storage.persisted() : Promise.resolve(null),
  ]);
  return { usage: estimate.usage ?? null, quota: estimate.quota ?? null, isPersisted };
}

/** Offline first: the storage estimate of this device, and whether the browser may evict it. */
export function StorageSection() {
  const [state, setState] = useState<StorageState | null>(null);
  /** The browser refused when asked here: said in the section, with what to do, until it is asked again. */
  const [isRefused, setRefused] = useState(false);
  const t = fr.settings.data;
  const refresh = useCallback(() => {
    void readStorage().then(setState, () => setState({ usage: null, quota: null, isPersisted: null }));
  }, []);
  useEffect(refresh, [refresh]);
  const persist = async () => {
    setRefused((await askPersistentStorage()) === 'refused');
    refresh();
  };
  if (!state) return null;
  return (
    <section className="settings-card" aria-labelledby="settings-storage-title">
      <h2 id="settings-storage-title">{t.storageTitle}</h2>
      <p>
        {state.usage !== null && state.quota !== null
          ? t.storageUsage(mb.format(state.usage / BYTES_PER_MB), mb.format(state.quota / BYTES_PER_MB))
          : t.storageUnknown}
      </p>
      {state.isPersisted === null ? null : (
        <p className="hint">{state.isPersisted ? t.persisted : t.notPersisted}</p>
      )}
      {state.isPersisted === false ? (
        <div>
          <Button className="button secondary" onPress={() => void persist()}>
            {t.persistButton}
          </Button>
        </div>
      ) : null}
      {isRefused && state.isPersisted === false ? (
        <p className="hint" role="status">
          {frResilience.persistence.settingsRefused}
        </p>
      ) : null}
    </section>
  );
}
