// The uploads of files to read (an import, a bank statement): multipart/form-data with the field
// `options` (JSON, checked against its schema) first, then the field `file`. A declared length
// over the limit is refused with 413 before any of the body is read; a body sent without a length
// is cut off with 413 as soon as the file passes the limit.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { IMPORT_LIMITS, importMessages } from 'contract';
import { badRequest, HttpError } from '../lib/errors.js';
import { cleanFileName } from '../lib/file-name.js';

/** Room for the multipart framing and the options beside the file. */
const OVERHEAD_BYTES = 4 * 1024 * 1024;

const tooLarge = () => new HttpError(413, importMessages.tooLarge);

/** Lets the plugin's routes take uploads (call once in the plugin that declares them). */
export async function acceptUploads(app: FastifyInstance): Promise<void> {
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
}

export async function readUpload<S extends TSchema>(
  request: FastifyRequest,
  schema: S,
): Promise<{ fileName: string; bytes: Buffer; options: Static<S> }> {
  if (!request.isMultipart()) throw new HttpError(415, importMessages.noFile);
  let options: Static<S> | undefined;
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
        if (!Value.Check(schema, parsed)) throw badRequest(importMessages.badOptions);
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
