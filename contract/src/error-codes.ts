// A stable, machine-readable `code` beside the `message` of every error answer. The message is
// for people and may be reworded; the code is what a client program tests. A message of the
// catalogue has the code of its key (`sessionExpired` -> `session_expired`); any other refusal
// (a field that fails its schema, a path that names nothing) has the code of its status.
import { Type } from '@sinclair/typebox';
import { apiMessages, messages } from './messages.js';
import { monthEndMessages } from './month-end.js';

/** The screens' texts the server also refuses with, beside its own catalogue. */
const refusals = {
  invalidCredentials: messages.invalidCredentials,
  fillAllFields: messages.fillAllFields,
  codeRequired: messages.codeRequired,
  challengeExpired: messages.challengeExpired,
} as const;
const catalogue = { ...apiMessages, ...refusals, ...monthEndMessages };

/** The code of an error the catalogue does not name, by HTTP status. */
export const statusErrorCodes = {
  400: 'invalid_input',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  409: 'conflict',
  411: 'length_required',
  413: 'body_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
  429: 'too_many_requests',
  431: 'headers_too_large',
  500: 'internal_error',
  503: 'unavailable',
} as const;

type StatusCode = (typeof statusErrorCodes)[keyof typeof statusErrorCodes];

type Snake<S extends string> = S extends `${infer Head}${infer Tail}`
  ? Head extends Lowercase<Head>
    ? `${Head}${Snake<Tail>}`
    : `_${Lowercase<Head>}${Snake<Tail>}`
  : S;

/** `sessionExpired` -> `session_expired`. */
const snake = <S extends string>(key: S): Snake<S> =>
  key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`) as Snake<S>;

export type ErrorCode = Snake<keyof typeof catalogue> | StatusCode;

/** Every code an error answer can carry, in a fixed order (catalogue first). */
export const errorCodes: readonly ErrorCode[] = [
  ...new Set<ErrorCode>([
    ...(Object.keys(catalogue) as (keyof typeof catalogue)[]).map(snake),
    ...Object.values(statusErrorCodes),
  ]),
];

const byText = new Map<string, ErrorCode>();
// Longest first, so that a message that continues another ("...closed through 2026-01-31") is
// matched by the longest catalogue text it begins with.
const prefixes: [string, ErrorCode][] = [];
for (const [key, text] of Object.entries(catalogue)) {
  const code = snake(key as keyof typeof catalogue);
  if (!byText.has(text)) byText.set(text, code);
  prefixes.push([text, code]);
}
prefixes.sort((a, b) => b[0].length - a[0].length);

/** The code of an error answer from its status and message. */
export function errorCode(status: number, message: string): ErrorCode {
  const exact = byText.get(message);
  if (exact) return exact;
  const continued = prefixes.find(([text]) => message.startsWith(text));
  if (continued) return continued[1];
  return (
    statusErrorCodes[status as keyof typeof statusErrorCodes] ??
    (status >= 500 ? statusErrorCodes[500] : statusErrorCodes[400])
  );
}

/** The codes as a schema: a string of the list (an enum the OpenAPI document shows). */
export const ErrorCodeSchema = Type.String({
  enum: [...errorCodes],
  description: "Stable and machine-readable: the catalogue key of the message, or the status's",
});

export const ErrorResponse = Type.Object(
  { code: ErrorCodeSchema, message: Type.String() },
  { description: 'An error: `message` for people, `code` for programs' },
);
export interface ErrorResponse {
  code: ErrorCode;
  message: string;
}
