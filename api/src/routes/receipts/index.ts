// /api receipts (issue 21): record an entry with its receipts in one multipart call, attach
// receipts to any entry later (closed period too), list them with signed addresses, serve a
// file at such an address, remove one with a reason, and count this month's expenses that lack
// one. Uploads stream into the database (receipts/store.ts); limits refuse with 413 as soon as
// they are passed, not after the body has been read (docs/decisions/015-receipts.md).
import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import multipart, { type MultipartFile } from '@fastify/multipart';
import {
  apiMessages,
  endpoints,
  ENTRY_KINDS,
  isOneOf,
  messages,
  RECEIPT_FORM,
  RECEIPT_LIMITS,
  type EntryKind,
} from 'contract';
import { currentUser } from '../../plugins/auth.js';
import { todayIn } from '../../lib/dates.js';
import { badRequest, HttpError, unauthorized } from '../../lib/errors.js';
import { validationMessage } from '../../lib/validation-message.js';
import { recordEntry } from '../../books/index.js';
import {
  attachReceipts,
  findEntry,
  linkReceipts,
  listReceipts,
  liveSessionKey,
  receiptFile,
  receiptsMissing,
  removeReceipt,
  shownCount,
  tooManyReceipts,
  type NewReceipt,
} from '../../repositories/receipts.js';
import { validSignature } from '../../receipts/signing.js';
import {
  discardBlobs,
  fileTooLarge,
  readBlob,
  storeBlob,
  sweepOrphanBlobs,
} from '../../receipts/store.js';
import { cleanFileName } from '../../lib/file-name.js';
import { route } from '../route.js';

/** The largest body an upload can be: every file at its limit, plus the form's own text. */
const MAX_UPLOAD_BYTES =
  RECEIPT_LIMITS.maxFilesPerEntry * (RECEIPT_LIMITS.maxFileBytes + 16 * 1024) + 256 * 1024;

const FORMS = {
  income: { endpoint: endpoints.addIncome, party: 'clientId', message: messages.incomeEntryAdded },
  expense: {
    endpoint: endpoints.addExpense,
    party: 'expanceTypeId',
    message: messages.expenseEntryAdded,
  },
  salary: {
    endpoint: endpoints.addSalary,
    party: 'employeeId',
    message: messages.salaryEntryAdded,
  },
} as const;

/**
 * The items of a source that reads the request body (its parts, a file's bytes). The parser
 * fails with a plain error (no code) on a body cut short or with broken framing: that is the
 * client's body, a 400, unlike an error of the storage the items are handed to.
 */
async function* fromBody<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    for await (const item of source) yield item;
  } catch (error) {
    if (error instanceof HttpError || (error as { code?: unknown }).code !== undefined) throw error;
    throw badRequest(apiMessages.uploadBodyMalformed);
  }
}

/** The bytes of one uploaded file; 413 the moment it passes the size limit. */
async function* limited(part: MultipartFile): AsyncGenerator<Buffer> {
  for await (const chunk of fromBody(part.file as AsyncIterable<Buffer>)) {
    if (part.file.truncated) throw fileTooLarge();
    yield chunk;
  }
  if (part.file.truncated) throw fileTooLarge();
}

/** The multipart library's own refusals, in the product's words. */
function uploadError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge();
  if (code === 'FST_FILES_LIMIT') return tooManyReceipts();
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new HttpError(415, apiMessages.receiptNotMultipart);
  if (typeof code === 'string' && code.startsWith('FST_'))
    return badRequest(apiMessages.receiptMissingFile);
  return error;
}

/**
 * Deletes what crashed uploads left behind (receipts/store.ts): at start, and after a refused
 * upload. A failure here is logged, never the request's or the start's.
 */
async function sweep(app: { db: Parameters<typeof storeBlob>[0]; log: FastifyBaseLogger }) {
  try {
    const swept = await sweepOrphanBlobs(app.db);
    if (swept > 0) app.log.info({ swept }, 'receipt files of unfinished uploads deleted');
  } catch (error) {
    app.log.warn({ err: error }, 'the sweep of unfinished receipt uploads failed');
  }
}

interface UploadOptions {
  /** Shown receipts the entry has already. */
  already: number;
  /** Called with the form's fields when the first file arrives. */
  beforeFirstFile?: (fields: Map<string, string>) => void;
}

/**
 * Reads a multipart upload, storing each file as it arrives. Anything refused (a limit, a type)
 * stops the reading at once; the files already stored are then deleted again.
 */
async function receiveFiles(
  request: FastifyRequest,
  reply: FastifyReply,
  app: { db: Parameters<typeof storeBlob>[0]; log: FastifyBaseLogger },
  options: UploadOptions,
): Promise<NewReceipt[]> {
  if (!request.isMultipart()) throw new HttpError(415, apiMessages.receiptNotMultipart);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES) throw fileTooLarge();
  const fields = new Map<string, string>();
  const files: NewReceipt[] = [];
  try {
    for await (const part of fromBody(request.parts())) {
      if (part.type === 'field') {
        if (files.length > 0) throw badRequest(apiMessages.receiptFieldsFirst);
        fields.set(part.fieldname, String(part.value));
        continue;
      }
      if (part.fieldname !== RECEIPT_FORM.file) throw badRequest(apiMessages.receiptMissingFile);
      if (files.length === 0) options.beforeFirstFile?.(fields);
      if (options.already + files.length + 1 > RECEIPT_LIMITS.maxFilesPerEntry)
        throw tooManyReceipts();
      const blob = await storeBlob(app.db as never, limited(part));
      files.push({ blob, fileName: cleanFileName(part.filename, 'receipt', 255) });
    }
    if (files.length === 0) {
      options.beforeFirstFile?.(fields);
      throw badRequest(apiMessages.receiptMissingFile);
    }
    return files;
  } catch (error) {
    await discardBlobs(
      app.db as never,
      files.map((file) => file.blob),
    );
    await sweep(app);
    // The rest of the body is not read: the connection closes after the answer.
    reply.header('connection', 'close');
    throw uploadError(error);
  }
}

export const receiptsRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onReady', () => sweep(app));
  await app.register(multipart, {
    limits: {
      fileSize: RECEIPT_LIMITS.maxFileBytes,
      files: RECEIPT_LIMITS.maxFilesPerEntry,
      fields: 8,
      fieldSize: 64 * 1024,
      parts: RECEIPT_LIMITS.maxFilesPerEntry + 8,
      headerPairs: 100,
    },
    throwFileSizeLimit: true,
  });

  route(app, endpoints.addEntryWithReceipts, async (request, reply) => {
    const user = currentUser(request);
    let kind: EntryKind = 'expense';
    let body: Record<string, unknown> = {};
    const files = await receiveFiles(request, reply, app, {
      already: 0,
      beforeFirstFile: (fields) => {
        const givenKind = fields.get(RECEIPT_FORM.kind);
        if (!isOneOf(ENTRY_KINDS, givenKind)) throw badRequest(apiMessages.receiptKindInvalid);
        kind = givenKind;
        try {
          body = JSON.parse(fields.get(RECEIPT_FORM.entry) ?? '') as Record<string, unknown>;
        } catch {
          throw badRequest(apiMessages.receiptEntryInvalid);
        }
        const validate = request.compileValidationSchema(
          FORMS[kind].endpoint.body as never,
          'body',
        );
        if (!validate(body)) throw badRequest(validationMessage(validate.errors ?? []));
      },
    });
    const form = FORMS[kind];
    try {
      const { entry, created } = await recordEntry(
        app.db,
        user.id,
        {
          kind,
          partyId: body[form.party] as number,
          amount: Number(body.amount),
          creditDebit: body.Creditdebit as 'Credit' | 'Debit',
          description: String(body.description ?? '').trim(),
          date: body.date as string | undefined,
          idempotencyKey: request.headers['idempotency-key'],
        },
        todayIn(app.config.timeZone),
        // The receipts go in the entry's own activity row.
        async (tx, recorded) => ({ receipts: await linkReceipts(tx, user.id, recorded.id, files) }),
      );
      // A repeated Idempotency-Key: the entry and its receipts as first recorded.
      if (!created)
        await discardBlobs(
          app.db,
          files.map((file) => file.blob),
        );
      const receipts = await listReceipts(app.db, entry.id, user);
      return reply.status(created ? 201 : 200).send({ message: form.message, entry, receipts });
    } catch (error) {
      await discardBlobs(
        app.db,
        files.map((file) => file.blob),
      );
      throw error;
    }
  });

  route(app, endpoints.attachReceipts, async (request, reply) => {
    const user = currentUser(request);
    const entry = await findEntry(app.db, request.params.id);
    const files = await receiveFiles(request, reply, app, {
      already: await shownCount(app.db, entry.id),
    });
    let ids: number[];
    try {
      ids = await attachReceipts(app.db, user.id, entry, files);
    } catch (error) {
      await discardBlobs(
        app.db,
        files.map((file) => file.blob),
      );
      throw error;
    }
    const receipts = (await listReceipts(app.db, entry.id, user)).filter((receipt) =>
      ids.includes(receipt.id),
    );
    return reply.status(201).send({ message: messages.receiptsAttached, receipts });
  });

  route(app, endpoints.listReceipts, async (request) => ({
    receipts: await listReceipts(app.db, request.params.id, currentUser(request)),
  }));

  route(app, endpoints.receiptFile, async (request, reply) => {
    const { id } = request.params;
    const key = await liveSessionKey(app.db, request.query.session, app.config.session);
    if (!key || !validSignature(key, id, request.query))
      throw unauthorized(apiMessages.receiptLinkInvalid);
    const file = await receiptFile(app.db, id);
    const disposition = request.query.download === '1' ? 'attachment' : 'inline';
    const ascii = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
    return (
      reply
        .type(file.mediaType)
        .header('content-length', file.bytes)
        .header(
          'content-disposition',
          `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .header('x-content-type-options', 'nosniff')
        // Whatever a file holds never runs in the product's origin: no scripts, an opaque origin,
        // nothing loaded; only the product's own pages may frame it (the receipt viewer).
        .header(
          'content-security-policy',
          "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'",
        )
        .header('cross-origin-resource-policy', 'same-origin')
        .send(Readable.from(readBlob(app.db, file.blobId)))
    );
  });

  route(app, endpoints.removeReceipt, async (request) => {
    await removeReceipt(
      app.db,
      currentUser(request).id,
      request.params.id,
      request.body.reason.trim(),
    );
    return { message: messages.receiptRemoved };
  });

  route(app, endpoints.getReceiptsMissing, () =>
    receiptsMissing(app.db, todayIn(app.config.timeZone)),
  );
};
