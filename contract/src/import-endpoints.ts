// The calls of imports of people and entries from a file (tag imports).
import { defineEndpoint as endpoint } from './endpoint.js';
import { ImportDone, ImportList, ImportPreview } from './imports.js';
import { importRoutes } from './import-routes.js';

export const importEndpoints = {
  previewImport: endpoint({
    ...importRoutes.previewImport,
    tag: 'imports',
    summary: 'Read a file and show what an import of it would write, writing nothing',
    description:
      'multipart/form-data: `options` (ImportOptions as JSON) then `file` (.csv, .txt or .xlsx, ' +
      'up to 20 MB; 413 beyond). Detects the encoding, delimiter, header row, sheet, date and ' +
      'number formats, maps the columns, and checks every row.',
    responses: { 200: ImportPreview },
    errors: [409, 413, 415],
  }),
  runImport: endpoint({
    ...importRoutes.runImport,
    tag: 'imports',
    summary: 'Import every ready row of a file as one batch, all or nothing',
    description:
      'The same multipart body as the preview, with the confirmed mapping and choices. 409 when ' +
      'the same file was imported before (and not undone). Undo with POST /api/batches/:id/reverse.',
    responses: { 201: ImportDone },
    errors: [409, 413, 415],
  }),
  listImports: endpoint({
    ...importRoutes.listImports,
    tag: 'imports',
    summary: 'Past imports, newest first',
    responses: { 200: ImportList },
    errors: [],
  }),
};
