// /api/imports: preview a file, import it as one batch, list past imports
// (docs/decisions/014-import.md). Undoing one is POST /api/batches/:id/reverse.
//
// The body is multipart/form-data: the field `options` (JSON) first, then the field `file`. A
// declared length over the limit is refused with 413 before any of the body is read; a body sent
// without a length is cut off with 413 as soon as the file passes 20 MB.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { endpoints, ImportOptions, importMessages } from 'contract';
import { currentUser } from '../../plugins/auth.js';
import { analyseImport, listImports, previewJson, runImport } from '../../repositories/imports.js';
import { acceptUploads, readUpload as readAnyUpload } from '../../imports/upload.js';
import { exactJson } from '../../lib/exact-json.js';
import { todayIn } from '../../lib/dates.js';
import { route } from '../route.js';

/** Answers with JSON text whose totals are exact number tokens (lib/exact-json.ts). */
const sendJson = (reply: FastifyReply, text: string, status = 200) =>
  reply.status(status).type('application/json; charset=utf-8').send(text);

const readUpload = (request: Parameters<typeof readAnyUpload>[0]) =>
  readAnyUpload(request, ImportOptions);

export const importRoutes: FastifyPluginAsync = async (app) => {
  await acceptUploads(app);

  route(app, endpoints.previewImport, async (request, reply) => {
    const upload = await readUpload(request);
    const analysis = await analyseImport(app.db, {
      ...upload,
      today: todayIn(app.config.timeZone),
    });
    return sendJson(reply, previewJson(analysis));
  });

  route(app, endpoints.runImport, async (request, reply) => {
    const upload = await readUpload(request);
    const record = await runImport(app.db, currentUser(request).id, {
      ...upload,
      today: todayIn(app.config.timeZone),
    });
    app.statistics.afterBulkWrite(record.rows);
    return sendJson(reply, exactJson({ message: importMessages.imported, import: record }), 201);
  });

  route(app, endpoints.listImports, async (_request, reply) =>
    sendJson(reply, exactJson({ imports: await listImports(app.db) })),
  );
};
