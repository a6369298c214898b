import { storeV1Schema } from '../store/schema';

/**
 * GET /api/backup?orgId= (server/routes/backup.ts): the whole organisation as the server holds it, hashes
 * included (settings.donnees); PUT /api/store takes the same shape back.
 */
export const backupAnswerSchema = storeV1Schema;
