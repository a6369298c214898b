import 'fake-indexeddb/auto';
import { provideStoreLoader } from '../../src/session/store-loader';
import { loadRemoteStore } from '../../src/sync/remote-store';

// What app/start-app.ts does at start: the session module loads the store through the sync layer's loader.
provideStoreLoader(async (db, fetchImpl, viewer) => {
  await loadRemoteStore(db, fetchImpl, { viewer });
});
