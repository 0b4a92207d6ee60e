// The catalogue's texts of receipts (docs/product.md#messages).
// Pure data: messages.ts assembles the catalogue from these, in its order.

export const receiptMessages = {
  // Receipts (issue 21)
  receipt: 'Receipt',
  attachReceipt: 'Attach receipt',
  attachingReceipt: 'Attaching...',
  receiptsAttached: 'Receipt attached',
  receiptAny: 'Any',
  withReceipt: 'With receipt',
  withoutReceipt: 'Without receipt',
  receiptDownload: 'Download',
  receiptRemove: 'Remove',
  receiptRemoveReason: 'Why is this receipt removed? (required)',
  receiptRemoved: 'Receipt removed',
  receiptViewerTitle: 'Receipts of entry',
  receiptViewerClose: 'Close',
  receiptsNone: 'No receipts',
  receiptsMissingThisMonth: "This month's expenses without a receipt",
  failedAttachReceipt: 'Failed to attach the receipt',
  errorAttachingReceipt: 'Error attaching the receipt',
  failedLoadReceipts: 'Failed to load the receipts',
  errorLoadingReceipts: 'Error loading the receipts',
  failedRemoveReceipt: 'Failed to remove the receipt',
  errorRemovingReceipt: 'Error removing the receipt',
} as const;
