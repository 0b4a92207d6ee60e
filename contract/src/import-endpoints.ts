// The calls of imports of people and entries from a file (tag imports).
import { texts } from './endpoint-texts.js';
import { defineEndpoint as endpoint } from './endpoint.js';
import { importMessages } from './messages.js';
import { ImportDone, ImportList, ImportPreview } from './imports.js';

export const importEndpoints = {
  previewImport: endpoint({
    method: 'POST',
    path: '/imports/preview',
    changes: [],
    tag: 'imports',
    summary: 'Read a file and show what an import of it would write, writing nothing',
    description:
      'multipart/form-data: `options` (ImportOptions as JSON) then `file` (.csv, .txt or .xlsx, ' +
      'up to 20 MB; 413 beyond). Detects the encoding, delimiter, header row, sheet, date and ' +
      'number formats, maps the columns, and checks every row.',
    access: 'signedIn',
    responses: { 200: ImportPreview },
    errors: [409, 413, 415],
    texts: texts(importMessages.failedPreview, importMessages.errorPreview),
  }),
  runImport: endpoint({
    method: 'POST',
    path: '/imports',
    changes: ['entries', 'batches', 'clients', 'employees', 'expense-types', 'activity'],
    tag: 'imports',
    summary: 'Import every ready row of a file as one batch, all or nothing',
    description:
      'The same multipart body as the preview, with the confirmed mapping and choices. 409 when ' +
      'the same file was imported before (and not undone). Undo with POST /api/batches/:id/reverse.',
    access: 'signedIn',
    responses: { 201: ImportDone },
    errors: [409, 413, 415],
    texts: texts(importMessages.failedImport, importMessages.errorImport),
  }),
  listImports: endpoint({
    method: 'GET',
    path: '/imports',
    reads: ['batches'],
    tag: 'imports',
    summary: 'Past imports, newest first',
    access: 'signedIn',
    responses: { 200: ImportList },
    errors: [],
    texts: texts(importMessages.failedLoadImports, importMessages.errorLoadingImports),
  }),
};
