// The request generator of the hostile suite (hostile.test.ts): valid requests built from each
// route's own schemas, then spoilt one thing at a time. Seeded, so a failure can be replayed.
import type { RouteOptions } from 'fastify';
import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { textFormats } from 'contract';
import { passwordProblem } from '../src/lib/password-policy.js';
import { unstorableText } from '../src/lib/validator.js';

export interface Route {
  method: string;
  url: string;
  schema: {
    params?: Schema;
    querystring?: Schema;
    body?: Schema;
    headers?: Schema;
  };
  public: boolean;
}

export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  description?: string;
  items?: Schema;
  minItems?: number;
  examples?: unknown[];
}

export interface HostileRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Sent as it is when a string or bytes (bad JSON, other content types), else as JSON. */
  payload?: string | Buffer | object;
  /** Who sends it: the first admin, the staff user, or nobody. */
  as: 'admin' | 'staff' | 'nobody';
  /** What was spoilt, for the failure report. */
  spoilt: string;
  /** True when the route's own schema refuses what was sent: a 2xx is then a finding. */
  mustRefuse?: boolean;
}

import type { SeededRandom as Random } from '../src/lib/random.js';

/** The routes of the API as registered, without the automatic HEAD twins and the docs. */
export function apiRoute(route: RouteOptions): Route | undefined {
  const methods = [route.method].flat();
  const url = route.url;
  if (!url || methods.includes('HEAD') || url.startsWith('/api/docs')) return undefined;
  return {
    method: methods[0] ?? 'GET',
    url,
    schema: (route.schema ?? {}) as Route['schema'],
    public: Boolean((route.config as { public?: boolean } | undefined)?.public),
  };
}

// The server's validator knows the standard formats; TypeBox's own checker needs them named.
if (!FormatRegistry.Has('email'))
  FormatRegistry.Set('email', (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value));
if (!FormatRegistry.Has('date'))
  FormatRegistry.Set('date', (value) => {
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
  });

// The contract's own formats: names without invisible characters, text without overrides.
for (const [format, check] of Object.entries(textFormats))
  if (!FormatRegistry.Has(format)) FormatRegistry.Set(format, check);

const storable = (value: unknown): boolean => unstorableText(value) === undefined;

/** Whether the schema takes a JSON value exactly as it is (no coercion). */
export const acceptsValue = (schema: Schema | undefined, value: unknown): boolean =>
  !schema || (storable(value) && Value.Check(schema as TSchema, value));

/** Whether the schema takes a value that arrives as text in the URL or a header. */
export function acceptsText(schema: Schema | undefined, text: string): boolean {
  if (!schema) return true;
  if (schema.anyOf) return schema.anyOf.some((option) => acceptsText(option, text));
  const type = [schema.type].flat()[0];
  // The server reads URL numbers written as plain decimals only (lib/validator.ts).
  if (type === 'integer')
    return /^-?\d+$/.test(text) && Value.Check(schema as TSchema, Number(text));
  if (type === 'number')
    return /^-?\d+(\.\d+)?$/.test(text) && Value.Check(schema as TSchema, Number(text));
  return storable(text) && Value.Check(schema as TSchema, text);
}

const decoded = (raw: string): string | undefined => {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
};

let serial = 0;
const unique = () => (serial += 1);

/** A value the schema accepts; `name` helps pick one the product also accepts (ids that exist). */
export function validValue(schema: Schema | undefined, name = ''): unknown {
  if (!schema) return 'x';
  if (schema.const !== undefined) return schema.const;
  // A value only its example shows (a logo's bytes in base64).
  if (schema.examples?.[0] !== undefined) return schema.examples[0];
  if (schema.anyOf) return validValue(schema.anyOf[0], name);
  const type = [schema.type].flat()[0];
  switch (type) {
    case 'integer':
      if (/year/i.test(name)) return 2026;
      return Math.max(1, schema.minimum ?? 1);
    case 'number':
      return 12.5;
    case 'boolean':
      return true;
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const key of schema.required ?? [])
        value[key] = validValue(schema.properties?.[key], key);
      return value;
    }
    case 'array':
      // As many valid items as the array needs (a payroll run's lines: at least one).
      return Array.from({ length: schema.minItems ?? 0 }, () => validValue(schema.items, name));
    default:
      if (schema.format === 'email') return `person${unique()}@example.com`;
      // A month (YYYY-MM, contract MONTH_PATTERN), then a day.
      if (schema.pattern?.endsWith('(0[1-9]|1[0-2])$')) return '2026-01';
      if (schema.pattern?.includes('(0[1-9]|1[0-2])')) return '2026-01-15';
      if (schema.pattern === '^[0-9]+$') return '0300123';
      // A kept backup's name (contract BACKUP_NAME_PATTERN).
      if (schema.pattern?.startsWith('^office-')) return 'office-2026-01-15T03-00-00Z.backup';
      if (/status/i.test(name)) return 'Active';
      if ((schema.minLength ?? 0) >= 8) return 'long-enough-password';
      return `Valid ${name || 'text'} ${unique()}`;
  }
}

/** Values that no field should take as they are, each with a label for the report. */
export const BAD_VALUES: ReadonlyArray<[string, unknown]> = [
  ['null', null],
  ['true', true],
  ['false', false],
  ['empty array', []],
  ['array of a valid id', [1]],
  ['object', { a: 1 }],
  ['empty string', ''],
  ['blank string', '   '],
  ['overlong string', 'x'.repeat(5000)],
  ['very long string', 'y'.repeat(60_000)],
  ['null character', 'a\u0000b'],
  ['only a null character', '\u0000'],
  ['unpaired surrogate', 'a\ud800b'],
  ['lone low surrogate', '\udc00'],
  ['control characters', '\u0001\u001f\u007f'],
  ['right-to-left override', 'abc\u202edef'],
  ['left-to-right isolate', 'abc\u2066def\u2069'],
  ['zero-width space inside', 'Ad\u200bmin'],
  ['only a Hangul filler', '\u3164'],
  ['soft hyphen', 'Ad\u00admin'],
  ['lone variation selector', 'Sam \ufe0f'],
  ['decomposed letter', 'Cafe\u0301'],
  ['eight spaces', ' '.repeat(8)],
  ['eight zero-width spaces', '\u200b'.repeat(8)],
  ['common password', 'password'],
  ['digits password', '12345678'],
  ['password with a line break', 'long enough\npassword'],
  ['sql quote', "' OR '1'='1"],
  ['html', '<img src=x onerror=alert(1)>'],
  ['string NaN', 'NaN'],
  ['string Infinity', 'Infinity'],
  ['string -Infinity', '-Infinity'],
  ['string 1e400', '1e400'],
  ['hex string', '0x10'],
  ['exponent string', '1e3'],
  ['padded number string', ' 1 '],
  ['plus-signed string', '+1'],
  ['arabic-indic digits', '١٢'],
  ['decimal string with comma', '1,5'],
  ['negative', -1],
  ['zero', 0],
  ['negative zero', -0],
  ['fraction', 0.5],
  ['three decimals', 1.005],
  ['tiny', 1e-7],
  ['huge', 1e15],
  ['beyond int32', 2 ** 31],
  ['beyond safe integer', 2 ** 53 + 2],
  ['max value', Number.MAX_VALUE],
  ['year 0000 date', '0000-01-01'],
  ['year 0001 date', '0001-01-01'],
  ['year 1899 date', '1899-12-31'],
  ['last day', '9999-12-31'],
  ['year 10000 date', '10000-01-01'],
  ['February 30', '2026-02-30'],
  ['month 13', '2026-13-01'],
  ['date with time', '2026-01-15T00:00:00Z'],
  ['slashed date', '15/01/2026'],
];

/** Path parameter spellings, sent raw in the URL. */
export const BAD_PATH_VALUES: readonly string[] = [
  '0',
  '-1',
  '0x6',
  '1e3',
  '1.0',
  'Infinity',
  '-Infinity',
  'NaN',
  '2147483648',
  '99999999999999999999999',
  '%00',
  '1%00',
  '%20',
  '1%20',
  'abc',
  '%ZZ',
  '%',
  '1;x=1',
  '%E2%80%AE1',
  '%F0%9F%98%80',
  '%C0%AE%C0%AE',
  '..',
  '%2e%2e',
  '..%2f..%2fpackage.json',
  'x'.repeat(3000),
];

/** Raw bodies and content types a JSON route must refuse. */
export const BAD_BODIES: ReadonlyArray<[string, string, string | Buffer]> = [
  ['truncated JSON', 'application/json', '{"name": "x"'],
  ['trailing comma', 'application/json', '{"name": "x",}'],
  ['NaN literal', 'application/json', '{"amount": NaN}'],
  ['comment', 'application/json', '{/* c */ "a": 1}'],
  ['single quotes', 'application/json', "{'a': 1}"],
  ['empty JSON body', 'application/json', ''],
  ['JSON null', 'application/json', 'null'],
  ['JSON array', 'application/json', '[1,2,3]'],
  ['JSON string', 'application/json', '"text"'],
  ['JSON number', 'application/json', '42'],
  ['deep nesting', 'application/json', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  ['prototype key', 'application/json', '{"__proto__": {"admin": true}}'],
  ['constructor key', 'application/json', '{"constructor": {"prototype": {"admin": true}}}'],
  ['escaped null in key', 'application/json', '{"a\\u0000": 1}'],
  ['number beyond double', 'application/json', '{"amount": 1e400, "id": 1e400}'],
  // Bytes, not a string: a string would be sent as the valid UTF-8 of "ÿþ".
  [
    'invalid UTF-8',
    'application/json',
    Buffer.concat([Buffer.from('{"name": "'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]),
  ],
  ['UTF-16 charset', 'application/json; charset=utf-16', '{"a": 1}'],
  [
    'Latin-1 bytes declared as such',
    'application/json; charset=iso-8859-1',
    Buffer.from('{"name": "Caf\u00e9", "description": "Caf\u00e9"}', 'latin1'),
  ],
  [
    'Latin-1 bytes sent as UTF-8',
    'application/json',
    Buffer.from('{"name": "Caf\u00e9", "description": "Caf\u00e9"}', 'latin1'),
  ],
  [
    'overlong UTF-8',
    'application/json; charset=utf-8',
    Buffer.concat([Buffer.from('{"name": "a'), Buffer.from([0xc0, 0xae]), Buffer.from('"}')]),
  ],
  ['UTF-16 bytes', 'application/json; charset=utf-16le', Buffer.from('{"name": "x"}', 'utf16le')],
  ['Windows-1252 charset', 'application/json; charset=windows-1252', '{"a": 1}'],
  ['malformed charset parameter', 'application/json; charset', '{"a": 1}'],
  ['plain text', 'text/plain', 'name=x'],
  ['form encoded', 'application/x-www-form-urlencoded', 'name=x&amount=1'],
  ['multipart', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data\r\n'],
  ['xml', 'application/xml', '<a>1</a>'],
  ['no media type', '', '{"a": 1}'],
  ['bogus media type', 'application/json-bogus', '{}'],
];

/** The path of a route with its parameters filled in (`:id` -> 1, `*` -> a file name). */
export function concretePath(route: Route, params: Record<string, unknown> = {}): string {
  return route.url
    .split('/')
    .map((segment) => {
      if (segment === '*') return String(params['*'] ?? 'remoteEntry.js');
      if (!segment.startsWith(':')) return segment;
      const name = segment.slice(1);
      return encode(
        String(params[name] ?? validValue(route.schema.params?.properties?.[name], name)),
      );
    })
    .join('/');
}

/** encodeURIComponent that sends an unpaired surrogate as its raw (invalid) UTF-8 bytes. */
const encode = (text: string): string =>
  text
    .split(/([\ud800-\udfff])/)
    .map((part) =>
      /^[\ud800-\udfff]$/.test(part)
        ? [
            ...Buffer.from([
              0xed,
              0xa0 | ((part.charCodeAt(0) >> 6) & 0x1f),
              0x80 | (part.charCodeAt(0) & 0x3f),
            ]),
          ]
            .map((byte) => `%${byte.toString(16).toUpperCase()}`)
            .join('')
        : encodeURIComponent(part),
    )
    .join('');

const query = (values: Record<string, unknown>) =>
  Object.entries(values)
    .map(([key, value]) =>
      [value]
        .flat()
        .map((item) => `${encode(key)}=${encode(String(item))}`)
        .join('&'),
    )
    .join('&');

/** A valid request of the route, before spoiling. */
function baseline(route: Route) {
  const params: Record<string, unknown> = {};
  for (const name of Object.keys(route.schema.params?.properties ?? {}))
    params[name] = validValue(route.schema.params?.properties?.[name], name);
  const querystring = route.schema.querystring
    ? (validValue(route.schema.querystring, 'query') as Record<string, unknown>)
    : {};
  const body = route.schema.body ? (validValue(route.schema.body, 'body') as object) : undefined;
  return { params, querystring, body };
}

const urlOf = (
  route: Route,
  params: Record<string, unknown>,
  rawParams: Record<string, string>,
  qs: Record<string, unknown>,
  rawQuery = '',
) => {
  let path = concretePath(route, params);
  for (const [name, value] of Object.entries(rawParams)) {
    const segments = route.url.split('/');
    const index = segments.indexOf(name === '*' ? '*' : `:${name}`);
    const parts = path.split('/');
    parts[index] = value;
    path = parts.join('/');
  }
  const search = [query(qs), rawQuery].filter(Boolean).join('&');
  return search ? `${path}?${search}` : path;
};

/** One spoilt request of the route. */
export function hostileRequest(route: Route, random: Random): HostileRequest {
  const base = baseline(route);
  const as: HostileRequest['as'] = route.public
    ? 'nobody'
    : random.next() < 0.9
      ? 'admin'
      : 'staff';
  const headers: Record<string, string> = {};
  const make = (
    spoilt: string,
    parts: {
      params?: Record<string, unknown>;
      rawParams?: Record<string, string>;
      query?: Record<string, unknown>;
      rawQuery?: string;
      payload?: string | object;
      contentType?: string;
    },
  ): HostileRequest => {
    if (parts.contentType !== undefined) headers['content-type'] = parts.contentType;
    return {
      method: route.method,
      url: urlOf(
        route,
        parts.params ?? base.params,
        parts.rawParams ?? {},
        parts.query ?? base.querystring,
        parts.rawQuery,
      ),
      headers,
      payload: 'payload' in parts ? parts.payload : base.body,
      as,
      spoilt,
    };
  };

  const paramNames = Object.keys(route.schema.params?.properties ?? {});
  if (route.url.includes('*')) paramNames.push('*');
  const queryNames = Object.keys(route.schema.querystring?.properties ?? {});
  const bodyNames = Object.keys(route.schema.body?.properties ?? {});
  const kinds = [
    ...(paramNames.length ? ['param', 'param'] : []),
    ...(queryNames.length ? ['query', 'query', 'query-raw'] : []),
    ...(route.schema.body
      ? ['body', 'body', 'body', 'body-missing', 'body-unknown', 'body-raw']
      : []),
    ...(route.schema.headers ? ['header'] : []),
    ...(route.public ? [] : ['authorization']),
    'query-unknown',
  ];
  const kind = random.pick(kinds);
  const [label, value] = random.pick(BAD_VALUES);

  switch (kind) {
    case 'param': {
      const name = random.pick(paramNames);
      const raw = random.pick(BAD_PATH_VALUES);
      const schema = route.schema.params?.properties?.[name];
      const text = decoded(raw);
      return {
        ...make(`path ${name} = ${JSON.stringify(raw).slice(0, 40)}`, {
          rawParams: { [name]: raw },
        }),
        mustRefuse: schema ? text === undefined || !acceptsText(schema, text) : undefined,
      };
    }
    case 'query': {
      const name = random.pick(queryNames);
      const sent =
        typeof value === 'object' && value !== null && !Array.isArray(value)
          ? '[object Object]'
          : value;
      return {
        ...make(`query ${name} = ${label}`, { query: { ...base.querystring, [name]: sent } }),
        // A lone surrogate cannot be sent in a URL: its bytes arrive as U+FFFD.
        mustRefuse: Array.isArray(sent)
          ? undefined
          : !acceptsText(
              route.schema.querystring?.properties?.[name],
              String(sent).replace(
                /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
                '\ufffd',
              ),
            ),
      };
    }
    case 'query-raw': {
      const name = random.pick(queryNames);
      const raw = random.pick([
        '%ZZ',
        '%00',
        '%',
        '%C0%80',
        '%ED%A0%80',
        `${'9'.repeat(400)}`,
        'a&b=c',
        '%2e%2e%2f',
      ]);
      return make(`query ${name} raw ${raw.slice(0, 20)}`, {
        query: Object.fromEntries(Object.entries(base.querystring).filter(([key]) => key !== name)),
        rawQuery: `${name}=${raw}`,
      });
    }
    case 'authorization': {
      headers.authorization = random.pick([
        'Bearer',
        'Bearer ',
        'Basic YWRtaW46YWRtaW4=',
        `Bearer ${'A'.repeat(5000)}`,
        'Bearer a b',
        'bearer\tnot-a-session',
        'Bearer ../../etc/passwd',
        "Bearer ' OR '1'='1",
      ]);
      return { ...make('bad authorization header', {}), as: 'nobody' };
    }
    case 'query-unknown':
      return make('unknown query field', {
        rawQuery: random.pick([
          'zzz=1',
          '__proto__[x]=1',
          'constructor=1',
          `${'q'.repeat(2000)}=1`,
        ]),
      });
    case 'body': {
      const name = random.pick(bodyNames);
      // A new password (not a sign-in's) must also pass the password rules.
      const weakPassword =
        name === 'password' &&
        !route.public &&
        typeof value === 'string' &&
        value !== '' &&
        passwordProblem(value) !== undefined;
      return {
        ...make(`body ${name} = ${label}`, { payload: { ...(base.body ?? {}), [name]: value } }),
        mustRefuse: weakPassword || !acceptsValue(route.schema.body?.properties?.[name], value),
      };
    }
    case 'body-missing': {
      const name = random.pick(route.schema.body?.required ?? bodyNames);
      const body = { ...(base.body as Record<string, unknown>) };
      delete body[name];
      return {
        ...make(`body without ${name}`, { payload: body }),
        mustRefuse: (route.schema.body?.required ?? []).includes(name),
      };
    }
    case 'body-unknown':
      return make(`unknown body field = ${label}`, {
        payload: { ...(base.body ?? {}), [`extra${unique() % 3}`]: value, isAdmin: true },
      });
    case 'body-raw': {
      const [name, contentType, raw] = random.pick(BAD_BODIES);
      // None of these bodies holds the route's required fields.
      return { ...make(`raw body: ${name}`, { payload: raw, contentType }), mustRefuse: true };
    }
    default: {
      const name = random.pick(
        Object.keys(route.schema.headers?.properties ?? { 'idempotency-key': {} }),
      );
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      headers[name] = text;
      return {
        ...make(`header ${name} = ${label}`, {}),
        mustRefuse: !acceptsText(route.schema.headers?.properties?.[name], text),
      };
    }
  }
}

/** Spellings of a path that a lenient router or proxy might read as the same path. */
export function pathSpellings(path: string): string[] {
  const spellings = new Set<string>();
  const hex = (char: string) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
  // Each character percent-encoded on its own, in both hex cases.
  for (let i = 0; i < path.length; i += 1) {
    if (path[i] === '/') continue;
    spellings.add(path.slice(0, i) + hex(path[i] ?? '') + path.slice(i + 1));
    spellings.add(path.slice(0, i) + hex(path[i] ?? '').toUpperCase() + path.slice(i + 1));
  }
  const encodedAll = path.replace(/[^/]/g, (char) => hex(char));
  spellings.add(encodedAll);
  spellings.add(encodedAll.replace(/%/g, '%25'));
  spellings.add(path.replace(/\//g, '%2F'));
  spellings.add(path.replace(/\//g, '//'));
  spellings.add(`/${path}`);
  spellings.add(`${path}/`);
  spellings.add(`${path}//`);
  spellings.add(`${path}/.`);
  spellings.add(`${path}?`);
  spellings.add(`${path}#x`);
  spellings.add(path.toUpperCase());
  spellings.add(path.replace(/\/(\w)/g, (_m, c: string) => `/${c.toUpperCase()}`));
  spellings.add(path.replace(/\//g, '\\'));
  const segments = path.split('/');
  for (let i = 1; i < segments.length; i += 1) {
    const withParam = [...segments];
    withParam[i] = `${withParam[i]};x=1`;
    spellings.add(withParam.join('/'));
    const dotted = [...segments];
    dotted.splice(i, 0, 'x', '..');
    spellings.add(dotted.join('/'));
    const dot = [...segments];
    dot.splice(i, 0, '.');
    spellings.add(dot.join('/'));
    const encodedDots = [...segments];
    encodedDots.splice(i, 0, 'x', '%2e%2e');
    spellings.add(encodedDots.join('/'));
  }
  spellings.delete(path);
  return [...spellings];
}
