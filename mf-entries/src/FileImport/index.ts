export { useFileImport } from './useFileImport';
export type { FileImportSetup } from './useFileImport';
export { UndoImportDialog } from './UndoImportDialog';
export { ImportsTable } from './ImportsTable';
export { ImportFile } from './ImportFile';
