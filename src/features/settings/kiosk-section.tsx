import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import { Button, Form, Switch } from 'react-aria-components';
import { appDb } from '../../db/database';
import { getKioskListsAdmins, setKioskListsAdmins } from '../../db/kiosk-options';
import { getMeta, setMeta } from '../../db/meta';
import { fr } from '../../i18n/fr';
import {
  enrolKiosk,
  listKiosks,
  revokeKiosk,
  setKioskRoster,
  unenrolThisDevice,
  type KioskInfo,
} from '../../api/auth';
import { browserFetch } from '../../api/http';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { TextField } from '../../ui/text-field';
import { useToast } from '../../ui/toast';

const dateTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/**
 * PIN mode (spec part 1 point 4) on enrolled tablets only: an administrator enrols a classroom tablet once. The server gives this browser a
 * long-lived kiosk credential (an HttpOnly cookie): after the administrator signs out, the tablet receives
 * only what PIN mode needs and may push only check-ins and check-outs.
 */
export function KioskSection() {
  const t = fr.settings.data;
  const toast = useToast();
  const kioskName = useLiveQuery(() => getMeta(appDb(), 'kioskName'), []);
  const listsAdmins = useLiveQuery(() => getKioskListsAdmins(appDb()), []);
  const [name, setName] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [kiosks, setKiosks] = useState<KioskInfo[] | null | undefined>(undefined);
  const [revoking, setRevoking] = useState<KioskInfo | null>(null);
  const refresh = useCallback(() => {
    void listKiosks(browserFetch).then(setKiosks);
  }, []);
  useEffect(refresh, [refresh]);
  const nameError = isTouched && name.trim() === '' ? t.kioskNameRequired : undefined;

  const enrol = async () => {
    setIsTouched(true);
    if (name.trim() === '') return;
    setIsBusy(true);
    const kiosk = await enrolKiosk(browserFetch, name.trim());
    setIsBusy(false);
    if (!kiosk) {
      toast.show(t.kioskEnrolFailed, 'error');
      return;
    }
    await setMeta(appDb(), 'kioskName', kiosk.name);
    setName('');
    setIsTouched(false);
    toast.show(t.kioskEnrolled(kiosk.name));
    refresh();
  };
  const unenrol = async () => {
    if (!(await unenrolThisDevice(browserFetch))) {
      toast.show(fr.login.serverUnreachable, 'error');
      return;
    }
    await setMeta(appDb(), 'kioskName', null);
    toast.show(t.kioskUnenrolled);
    refresh();
  };

  return (
    <section className="settings-card" aria-labelledby="settings-kiosk-title">
      <h2 id="settings-kiosk-title">{t.kioskTitle}</h2>
      <p className="hint">{t.kioskHint}</p>
      <p>{kioskName ? t.kioskThisDevice(kioskName) : t.kioskNotThisDevice}</p>
      {kioskName ? (
        <div className="settings-kiosk-options">
          <Switch
            className="switch"
            isSelected={listsAdmins ?? false}
            onChange={(on) => {
              // The server keeps the roster on this kiosk's session first (it decides online); the tablet's
              // copy serves offline.
              void setKioskRoster(browserFetch, on).then(async (saved) => {
                if (!saved) return toast.show(fr.teacher.kiosk.listsAdminsFailed, 'error');
                await setKioskListsAdmins(appDb(), on);
                toast.show(on ? fr.teacher.kiosk.listsAdminsOn : fr.teacher.kiosk.listsAdminsOff);
              });
            }}
          >
            <span className="track" aria-hidden="true" />
            <span>{fr.teacher.kiosk.listsAdmins}</span>
          </Switch>
          <p className="hint">{fr.teacher.kiosk.listsAdminsHint}</p>
          <div>
            <Button className="button secondary" onPress={() => void unenrol()}>
              {t.kioskUnenrol}
            </Button>
          </div>
        </div>
      ) : (
        <Form
          className="settings-kiosk-form"
          validationBehavior="aria"
          onSubmit={(e) => {
            e.preventDefault();
            void enrol();
          }}
        >
          <TextField
            label={t.kioskName}
            value={name}
            onChange={setName}
            placeholder={t.kioskNamePlaceholder}
            errorMessage={nameError ?? null}
          />
          <Button type="submit" className="button primary" isDisabled={isBusy}>
            {t.kioskEnrol}
          </Button>
        </Form>
      )}
      <h3>{t.kioskList}</h3>
      {kiosks === null ? <p className="hint">{t.kioskListOffline}</p> : null}
      {kiosks && kiosks.length === 0 ? <p className="empty">{t.kioskListEmpty}</p> : null}
      {kiosks && kiosks.length > 0 ? (
        <ul className="settings-kiosk-list">
          {kiosks.map((k) => (
            <li key={k.id}>
              <span>
                <strong>{k.name}</strong> — {t.kioskLastSeen(dateTime.format(new Date(k.lastSeenAt)))}
              </span>
              <Button className="button danger small" onPress={() => setRevoking(k)}>
                {t.kioskRevoke}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        isOpen={revoking !== null}
        onOpenChange={(open) => (open ? undefined : setRevoking(null))}
        title={t.kioskRevokeTitle}
        message={revoking ? t.kioskRevokeText(revoking.name) : ''}
        confirmLabel={t.kioskRevoke}
        onConfirm={async () => {
          if (revoking && (await revokeKiosk(browserFetch, revoking.id))) {
            toast.show(t.kioskRevoked);
            refresh();
          }
        }}
      />
    </section>
  );
}
