import type { AppDatabase } from './database';

// Device-local like the kiosk's name (a kiosk receives no organisation settings): whether this kiosk also
// lists the teacher.today holders that have administration modules. Kept out of DeviceMeta's defaults so
// older devices read false.
const KIOSK_LISTS_ADMINS_KEY = 'kioskListsAdmins';

export async function getKioskListsAdmins(db: AppDatabase): Promise<boolean> {
  const entry = await db.meta.get(KIOSK_LISTS_ADMINS_KEY);
  return entry?.value === true;
}

export async function setKioskListsAdmins(db: AppDatabase, value: boolean): Promise<void> {
  await db.meta.put({ key: KIOSK_LISTS_ADMINS_KEY, value });
}
