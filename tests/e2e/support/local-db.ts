import type { Page } from '@playwright/test';

/**
 * What the page's own IndexedDB holds in a table (or the meta entries), read straight from the browser,
 * without the app: what a shared device or a kiosk keeps.
 */
export function localRecords(page: Page, table: string): Promise<Record<string, unknown>[]> {
  return page.evaluate(
    (name) =>
      new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const open = indexedDB.open('emargement');
        open.onerror = () => reject(new Error('cannot open the database'));
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction(name, 'readonly').objectStore(name).getAll();
          read.onsuccess = () => (db.close(), resolve(read.result as Record<string, unknown>[]));
          read.onerror = () => (db.close(), reject(new Error(`cannot read ${name}`)));
        };
      }),
    table,
  );
}
