// The Journal's dialogs, and Just recorded's Correct, each loaded the first time it opens
// (../lazy-dialog.tsx).
import { lazyDialog } from '../lazy-dialog';
import type { CorrectDialogProps } from './CorrectDialog';
import type { ReverseDialogProps } from './ReverseDialog';
import type { ReceiptViewerProps } from '../Receipts/ReceiptViewer';

export const CorrectDialog = lazyDialog<CorrectDialogProps>(
  () => import('./CorrectDialog').then((module) => module.CorrectDialog),
  (props) => props.row !== undefined,
);

export const ReverseDialog = lazyDialog<ReverseDialogProps>(
  () => import('./ReverseDialog').then((module) => module.ReverseDialog),
  (props) => props.pending !== undefined,
);

export const ReceiptViewer = lazyDialog<ReceiptViewerProps>(
  () => import('../Receipts/ReceiptViewer').then((module) => module.ReceiptViewer),
  (props) => props.entryId !== undefined,
);
