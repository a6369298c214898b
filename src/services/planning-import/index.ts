export { createImportReferences } from './create-references';
export type { CreateReferencesInput } from './create-references';
export { deleteImport, previewImportDeletion } from './delete-import';
export type { DeleteImportResult } from './delete-import';
export { saveImport } from './save-import';
export type { CreatedItemIds, SaveImportInput } from './save-import';
export { saveImportMapping } from './save-mapping';
export type { MappingAuthor } from './save-mapping';
