// /api receipts (issue 21): record an entry with its receipts in one multipart call, attach
// receipts to any entry later (closed period too), list them with signed addresses, serve a
// file at such an address, remove one with a reason, and count this month's expenses that lack
// one. An upload is received whole (bounded by the process's upload memory), then its files are
// checked (receipts/store.ts) and stored (repositories/receipt-blobs.ts); limits refuse with 413
// as soon as they are passed, not after the body has been read (docs/decisions/015-receipts.md).
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
import { fileTooLarge, receiptType, storeBlob } from '../../receipts/store.js';
import { entryBudget } from '../../repositories/budgets.js';
import { discardBlobs, readBlob, sweepOrphanBlobs } from '../../repositories/receipt-blobs.js';
import { SNIFF_BYTES } from '../../receipts/sniff.js';
import { UploadBudget } from '../../files/upload-budget.js';
import { MAX_UPLOAD_BYTES } from '../../config.js';
import { cleanFileName } from '../../lib/file-name.js';
import { route } from '../route.js';

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
 * Deletes what crashed uploads left behind (repositories/receipt-blobs.ts): at start, and after a refused
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

/** A file as received, before it is checked further and stored. */
interface Received {
  fileName: string;
  data: Buffer;
}

/** One file's bytes in memory, its type checked on its first bytes (415 at once). */
async function receiveFile(part: MultipartFile): Promise<Buffer> {
  const parts: Buffer[] = [];
  let length = 0;
  let typed = false;
  for await (const chunk of limited(part)) {
    parts.push(chunk);
    length += chunk.length;
    if (!typed && length >= SNIFF_BYTES) {
      receiptType(Buffer.concat(parts));
      typed = true;
    }
  }
  const data = Buffer.concat(parts);
  if (!typed) receiptType(data);
  return data;
}

/**
 * Reads a multipart upload whole, then stores its files. The body is read first, to its end,
 * and only then are images decoded and files written: work that waits for its turn (the image
 * queue, the database) never holds the body back, so the request timeout, which runs until the
 * body is in, cannot cut an upload off half-way through its processing. Anything refused while
 * reading (a limit, a type) stops the reading at once; a file refused later deletes the files
 * already stored.
 */
async function receiveFiles(
  request: FastifyRequest,
  reply: FastifyReply,
  app: { db: Parameters<typeof storeBlob>[0]; log: FastifyBaseLogger },
  options: UploadOptions,
): Promise<NewReceipt[]> {
  const fields = new Map<string, string>();
  const received: Received[] = [];
  try {
    for await (const part of fromBody(request.parts())) {
      if (part.type === 'field') {
        if (received.length > 0) throw badRequest(apiMessages.receiptFieldsFirst);
        fields.set(part.fieldname, String(part.value));
        continue;
      }
      if (part.fieldname !== RECEIPT_FORM.file) throw badRequest(apiMessages.receiptMissingFile);
      if (received.length === 0) options.beforeFirstFile?.(fields);
      if (options.already + received.length + 1 > RECEIPT_LIMITS.maxFilesPerEntry)
        throw tooManyReceipts();
      const data = await receiveFile(part);
      received.push({ data, fileName: cleanFileName(part.filename, 'receipt', 255) });
    }
    if (received.length === 0) {
      options.beforeFirstFile?.(fields);
      throw badRequest(apiMessages.receiptMissingFile);
    }
  } catch (error) {
    await sweep(app);
    // The rest of the body is not read: the connection closes after the answer.
    reply.header('connection', 'close');
    throw uploadError(error);
  }
  const files: NewReceipt[] = [];
  try {
    for (const file of received) {
      const blob = await storeBlob(app.db as never, file.data);
      files.push({ blob, fileName: file.fileName });
    }
    return files;
  } catch (error) {
    await discardBlobs(
      app.db as never,
      files.map((file) => file.blob),
    );
    await sweep(app);
    throw uploadError(error);
  }
}

export const receiptsRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onReady', () => sweep(app));
  const budget = new UploadBudget(app.config.files.uploadMemoryBytes);

  /**
   * Runs an upload's handler with its bytes counted in the process's upload memory (its declared
   * length, else the largest an upload can be): 413 past the largest, 429 when the uploads under
   * way leave no room, both before a byte of the body is read.
   */
  const upload = async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    handler: () => Promise<T>,
  ): Promise<T> => {
    if (!request.isMultipart()) throw new HttpError(415, apiMessages.receiptNotMultipart);
    const declared = Number(request.headers['content-length']);
    const known = Number.isFinite(declared) && declared > 0;
    if (known && declared > MAX_UPLOAD_BYTES) throw fileTooLarge();
    const giveBack = budget.take(known ? declared : MAX_UPLOAD_BYTES);
    if (!giveBack) {
      reply.header('connection', 'close').header('retry-after', '60');
      throw new HttpError(429, apiMessages.uploadsBusy);
    }
    try {
      return await handler();
    } finally {
      giveBack();
    }
  };
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

  route(app, endpoints.addEntryWithReceipts, (request, reply) =>
    upload(request, reply, async () => {
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
            accountId: body.accountId as number | undefined,
            idempotencyKey: request.headers['idempotency-key'],
          },
          todayIn(app.config.timeZone),
          // The receipts go in the entry's own activity row.
          async (tx, recorded) => ({
            receipts: await linkReceipts(tx, user.id, recorded.id, files),
          }),
        );
        // A repeated Idempotency-Key: the entry and its receipts as first recorded.
        if (!created)
          await discardBlobs(
            app.db,
            files.map((file) => file.blob),
          );
        const receipts = await listReceipts(app.db, entry.id, user);
        const budget =
          kind === 'expense' && created
            ? await entryBudget(app.db, entry.partyId, entry.date, entry.amount)
            : undefined;
        return reply
          .status(created ? 201 : 200)
          .send({ message: form.message, entry, receipts, ...(budget ? { budget } : {}) });
      } catch (error) {
        await discardBlobs(
          app.db,
          files.map((file) => file.blob),
        );
        throw error;
      }
    }),
  );

  route(app, endpoints.attachReceipts, (request, reply) =>
    upload(request, reply, async () => {
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
    }),
  );

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
