// The Journal's dialogs, and Just recorded's Correct, each loaded the first time it opens
// (../lazy-dialog.tsx).
import { lazyDialog } from '../lazy-dialog';
import type { CorrectDialogProps } from './CorrectDialog';
import type { ReverseDialogProps } from './ReverseDialog';
import type { ReceiptViewerProps } from '../Receipts/ReceiptViewer';
import type { ReverseVoucherProps, VoucherLinesProps } from './VoucherDialogs';

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

export const VoucherLines = lazyDialog<VoucherLinesProps>(
  () => import('./VoucherDialogs').then((module) => module.VoucherLines),
  (props) => props.row !== undefined,
);

export const ReverseVoucher = lazyDialog<ReverseVoucherProps>(
  () => import('./VoucherDialogs').then((module) => module.ReverseVoucher),
  (props) => props.row !== undefined,
);
