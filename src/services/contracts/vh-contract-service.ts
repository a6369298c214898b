import type { AppDatabase } from '../../db/database';
import { writeBatch } from '../../db/repository';
import type { Contract } from '../../domain/store/schema';

export type VhContractWriteResult = { ok: true; value: Contract } | { ok: false; code: 'not-found' };

/** Creates or replaces a VH contract (one record and its outbox mutation). */
export async function saveVhContract(db: AppDatabase, contract: Contract): Promise<Contract> {
  await writeBatch(db, (w) => w.put('contracts', contract));
  return contract;
}

/** spec part 2 point 5: 'Supprimer ce contrat ? Cette action est irréversible.' is asked by the screen. */
export async function deleteVhContract(db: AppDatabase, contractId: string): Promise<void> {
  await writeBatch(db, (w) => w.remove('contracts', contractId));
}

/** "Voir lignes" delete-line action: the contract stays, without the entry. */
export async function deleteVhContractLine(
  db: AppDatabase,
  contractId: string,
  entryId: string,
): Promise<VhContractWriteResult> {
  return writeBatch(db, async (w) => {
    const contract = await w.get('contracts', contractId);
    if (!contract) return { ok: false, code: 'not-found' } as const;
    const next: Contract = { ...contract, entries: contract.entries.filter((e) => e.id !== entryId) };
    await w.put('contracts', next);
    return { ok: true, value: next } as const;
  });
}
