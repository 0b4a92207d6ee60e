// The catalogue's texts of batches of entries (docs/product.md#messages).
// Pure data: messages.ts assembles the catalogue from these, in its order.

export const batchMessages = {
  // Batches (the Journal's batch list)
  failedLoadBatches: 'Failed to load the batches',
  errorLoadingBatches: 'Error loading the batches',
  failedReverseBatch: 'Failed to undo the batch',
  errorReversingBatch: 'Error undoing the batch',
} as const;
