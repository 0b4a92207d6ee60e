// The catalogue's texts every screen shares: busy labels, list filters, the shared table (docs/product.md#messages).
// Pure data: messages.ts assembles the catalogue from these, in its order.

export const busyMessages = {
  // Busy labels
  signingIn: 'Signing In...',
  adding: 'Adding...',
  updating: 'Updating...',
  deleting: 'Deleting...',
  suspending: 'Suspending...',
  activating: 'Activating...',
  saving: 'Saving...',
} as const;

export const filterMessages = {
  // A list's filter whose text is not a value it takes (a letter in an id, a day that is not
  // YYYY-MM-DD), followed by the filters' labels.
  filterNotValid: 'Please correct the filter',
} as const;

export const tableMessages = {
  // The shared table (shared-ui Table): its totals row and a long answer still arriving.
  tableTotal: 'Total',
  tableLoadingMore: (count: number) =>
    `Loading more entries... ${count.toLocaleString('en')} so far`,
  exportCsv: 'Export CSV',
} as const;
