// /api/imports: preview a file, import it as one batch, list past imports
// (docs/decisions/014-import.md). Undoing one is POST /api/batches/:id/reverse.
//
// The body is multipart/form-data: the field `options` (JSON) first, then the field `file`. A
// declared length over the limit is refused with 413 before any of the body is read; a body sent
// without a length is cut off with 413 as soon as the file passes 20 MB.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { Value } from '@sinclair/typebox/value';
import {
  endpoints,
  IMPORT_LIMITS,
  ImportOptions,
  importMessages,
  type ImportOptions as Options,
} from 'contract';
import { currentUser } from '../../plugins/auth.js';
import { analyseImport, listImports, previewJson, runImport } from '../../repositories/imports.js';
import { exactJson } from '../../lib/exact-json.js';
import { todayIn } from '../../lib/dates.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { cleanFileName } from '../../lib/file-name.js';
import { route } from '../route.js';

/** Room for the multipart framing and the options beside the file. */
const OVERHEAD_BYTES = 4 * 1024 * 1024;

/** Answers with JSON text whose totals are exact number tokens (lib/exact-json.ts). */
const sendJson = (reply: FastifyReply, text: string, status = 200) =>
  reply.status(status).type('application/json; charset=utf-8').send(text);

const tooLarge = () => new HttpError(413, importMessages.tooLarge);

async function readUpload(
  request: FastifyRequest,
): Promise<{ fileName: string; bytes: Buffer; options: Options }> {
  if (!request.isMultipart()) throw new HttpError(415, importMessages.noFile);
  let options: Options | undefined;
  let file: { fileName: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== 'options') continue;
        let parsed: unknown;
        try {
          parsed = JSON.parse(String(part.value));
        } catch {
          throw badRequest(importMessages.badOptions);
        }
        if (!Value.Check(ImportOptions, parsed)) throw badRequest(importMessages.badOptions);
        options = parsed;
      } else if (part.fieldname === 'file' && file === undefined) {
        const bytes = await part.toBuffer();
        file = { fileName: cleanFileName(part.filename, 'file'), bytes };
      } else part.file.resume();
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw badRequest(importMessages.noFile);
  }
  if (!options) throw badRequest(importMessages.noOptions);
  if (!file || file.bytes.length === 0) throw badRequest(importMessages.noFile);
  if (file.fileName.length > 255) throw badRequest(importMessages.wrongType);
  return { ...file, options };
}

export const importRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, {
    limits: {
      fileSize: IMPORT_LIMITS.bytes,
      files: 1,
      fields: 4,
      fieldSize: OVERHEAD_BYTES,
      parts: 6,
    },
  });
  // Refused on its declared length alone, before the body is read.
  app.addHook('onRequest', async (request) => {
    const length = Number(request.headers['content-length'] ?? 0);
    if (request.method === 'POST' && length > IMPORT_LIMITS.bytes + OVERHEAD_BYTES)
      throw tooLarge();
  });

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
    return sendJson(reply, exactJson({ message: importMessages.imported, import: record }), 201);
  });

  route(app, endpoints.listImports, async (_request, reply) =>
    sendJson(reply, exactJson({ imports: await listImports(app.db) })),
  );
};
