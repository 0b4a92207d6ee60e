// The receipt calls (issue 21): beside the spec's, never changing them. The two uploads take a
// multipart form (see RECEIPT_FORM), which the endpoint table cannot type as a JSON body; their
// descriptions say what they take.
import { IdParams, MessageResponse } from './common.js';
import { defineEndpoint as endpoint } from './endpoint.js';
import { IdempotencyHeaders } from './expenses.js';
import {
  EntryWithReceipts,
  ReceiptBytes,
  ReceiptFileQuery,
  ReceiptList,
  ReceiptsAttached,
  ReceiptsMissing,
  RemoveReceiptBody,
} from './receipts.js';
import { receiptRoutes } from './receipt-routes.js';

const UPLOAD =
  'multipart/form-data; each file in a field named `receipt` (PDF, JPEG, PNG or WebP by its ' +
  'bytes, at most 10 MB, at most 10 shown files an entry). 413 beyond a limit, before the ' +
  'body is read to its end; 415 for any other type. Images are re-encoded (metadata dropped).';

export const receiptEndpoints = {
  addEntryWithReceipts: endpoint({
    ...receiptRoutes.addEntryWithReceipts,
    tag: 'receipts',
    summary: 'Record an entry and its receipts together: both are saved, or neither',
    description:
      `${UPLOAD} First the fields \`kind\` (income, expense or salary) and \`entry\` (the JSON ` +
      'body of /incoms/addIncome, /expance/addexpance or /expance/addsalery), then the files.',
    headers: IdempotencyHeaders,
    responses: { 200: EntryWithReceipts, 201: EntryWithReceipts },
    errors: [404, 409, 413, 415, 429],
  }),
  attachReceipts: endpoint({
    ...receiptRoutes.attachReceipts,
    tag: 'receipts',
    summary: 'Attach receipts to an entry (allowed in a closed period too)',
    description: UPLOAD,
    params: IdParams,
    responses: { 201: ReceiptsAttached },
    errors: [404, 413, 415, 429],
  }),
  listReceipts: endpoint({
    ...receiptRoutes.listReceipts,
    tag: 'receipts',
    summary: "An entry's shown receipts, each with signed addresses to show and download it",
    params: IdParams,
    responses: { 200: ReceiptList },
    errors: [404],
  }),
  receiptFile: endpoint({
    ...receiptRoutes.receiptFile,
    tag: 'receipts',
    summary: 'The file of a receipt, at the signed address listReceipts gave',
    description:
      'The address is valid for 15 minutes and only while the session it was issued to is ' +
      'live. Served under its own type with Content-Disposition, X-Content-Type-Options: ' +
      'nosniff and a sandboxing Content-Security-Policy; `download=1` makes it an attachment.',
    params: IdParams,
    query: ReceiptFileQuery,
    responses: { 200: ReceiptBytes },
    errors: [401, 404],
  }),
  removeReceipt: endpoint({
    ...receiptRoutes.removeReceipt,
    tag: 'receipts',
    summary: 'Remove a receipt with a reason: hidden, never erased (not in a closed period)',
    params: IdParams,
    body: RemoveReceiptBody,
    responses: { 200: MessageResponse },
    errors: [404, 409],
  }),
  getReceiptsMissing: endpoint({
    ...receiptRoutes.getReceiptsMissing,
    tag: 'receipts',
    summary: "How many of this month's expense entries have no receipt",
    responses: { 200: ReceiptsMissing },
    errors: [],
  }),
};
