export { AttachReceipt } from './AttachReceipt';
export type { AttachReceiptProps } from './AttachReceipt';
export { ReceiptInput } from './ReceiptInput';
export type { ReceiptInputProps } from './ReceiptInput';
export { ReceiptViewer } from './ReceiptViewer';
export type { ReceiptViewerProps } from './ReceiptViewer';
export { entryWithFilesForm, filesForm } from './receipt-files';
