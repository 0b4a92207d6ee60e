// The catalogue's texts of reports and ledgers (docs/product.md#messages).
// Pure data: messages.ts assembles the catalogue from these, in its order.

export const reportMessages = {
  // Reports and ledgers
  errorFetchingData: 'Error fetching data',
  errorFetchingLedger: 'Error fetching ledger',
  errorFetchingLedgerData: 'Error fetching ledger data',
  selectClient: 'Please select a client',
  selectEmployee: 'Please select an employee',
  noRecordsFound: 'No records found',
  noRecordsFoundTitle: 'No Records Found',
  loading: 'Loading...',
} as const;
