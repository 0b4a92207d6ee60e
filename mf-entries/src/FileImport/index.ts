export { useFileImport } from './useFileImport';
export type { FileImportSetup } from './useFileImport';
export { FileField } from './FileField';
export { UndoImportDialog } from './UndoImportDialog';
