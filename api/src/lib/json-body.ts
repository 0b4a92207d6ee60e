// The JSON body parser: Fastify's own (which refuses `__proto__` and `constructor.prototype`
// keys, so no body can reach an object's prototype), with a message that says so. Fastify answers
// such a body "Body is not valid JSON", which is untrue of valid JSON and leaves a client
// guessing.
//
// The body is read as bytes and decoded here, strictly: JSON travels as UTF-8 (RFC 8259), so a
// `charset` other than UTF-8 is refused with 415 and bytes that are not valid UTF-8 with 400.
// Decoding leniently would store U+FFFD in place of every letter it could not read, in entries
// that can never be corrected in place.
import type { FastifyInstance } from 'fastify';
import { parse as parseContentType } from 'content-type';
import { apiMessages } from 'contract';
import { HttpError } from './errors.js';

const isJson = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

const UTF8_NAMES = new Set(['utf-8', 'utf8']);

/** Whether the Content-Type header names no charset or UTF-8 (any case, quoted or not). */
export function isUtf8ContentType(header: string | undefined): boolean {
  if (!header) return true;
  try {
    const charset = parseContentType(header).parameters.charset;
    return charset === undefined || UTF8_NAMES.has(charset.toLowerCase());
  } catch {
    // Not a well-formed media type with parameters: its charset cannot be trusted either.
    return false;
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function useJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    if (!isUtf8ContentType(request.headers['content-type'])) {
      done(new HttpError(415, apiMessages.bodyNotUtf8), undefined);
      return;
    }
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(new HttpError(400, apiMessages.bodyInvalidUtf8), undefined);
      return;
    }
    parse(request, text, (error, value) => {
      // Refused although JSON.parse takes it: only the prototype keys are refused that way.
      if (error && text.length > 0 && isJson(text)) {
        done(new HttpError(400, apiMessages.prototypeKey), undefined);
        return;
      }
      done(error, value);
    });
  });
}
