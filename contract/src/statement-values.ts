// The values of statements.ts that the browser reads (`contract/browser`), apart from the schemas that
// statements.ts builds from them.

export const STATEMENT_FORMATS = ['csv', 'xlsx', 'ofx', 'camt053', 'mt940'] as const;
