export { Modal } from './Modal';
export type { ModalProps } from './Modal';
export { SaveDialog } from './SaveDialog';
export type { SaveDialogProps } from './SaveDialog';
