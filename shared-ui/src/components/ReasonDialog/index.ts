export { ReasonDialog } from './ReasonDialog';
export type { ReasonDialogProps } from './ReasonDialog';
