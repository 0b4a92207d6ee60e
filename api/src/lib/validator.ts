// Request validation exactly as the schemas say. Fastify's own compiler (Ajv) runs with type
// coercion off, so a body takes numbers only as JSON numbers and text only as JSON strings. Three
// steps run before it, for every route and every part of a request:
// - text must be storable: no null character (PostgreSQL refuses it in text) and no unpaired
//   UTF-16 surrogate (it would be stored as U+FFFD, not as sent);
// - every string of the body, path and query is put in Unicode normal form C, in place, so that
//   `Cafe\u0301` and `Café` are stored (and checked for length and format) as the same text;
// - the URL parts (path parameters, query string), which arrive as text, turn into numbers where
//   the schema wants one, but only when written as plain decimal digits: `0x6`, `1e3`,
//   `Infinity` or ` 6` stay text and fail the schema's type.
import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { textFormats } from 'contract';

type ValidatorFactory = ReturnType<typeof AjvCompiler>;

interface RouteDefinition {
  schema: unknown;
  method: string;
  url: string;
  httpPart?: string;
}

type Check = ((data: unknown) => boolean) & { errors?: unknown };

/**
 * The validator's settings, handed to Fastify as its `ajv` option (app.ts). No type coercion: a
 * value is taken only in the type its schema names. A field the schema does not name is refused
 * (400), as the OpenAPI document's `additionalProperties: false` says, rather than dropped without
 * a word. The contract's text formats: names without invisible characters, text without overrides.
 */
export const ajvOptions = {
  customOptions: {
    removeAdditional: false,
    coerceTypes: false,
    useDefaults: true,
    formats: textFormats,
  },
};

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first string in `data` that cannot be stored as sent, as a validation error. */
export function unstorableText(data: unknown): FastifySchemaValidationError | undefined {
  // Iterative, so that a body nested thousands deep cannot exhaust the call stack.
  const pending: Array<[unknown, string]> = [[data, '']];
  while (pending.length > 0) {
    const [value, path] = pending.pop() as [unknown, string];
    if (typeof value === 'string') {
      const reason = value.includes('\u0000')
        ? 'nullCharacter'
        : UNPAIRED_SURROGATE.test(value)
          ? 'unpairedSurrogate'
          : undefined;
      if (reason)
        return {
          keyword: 'text',
          instancePath: path,
          schemaPath: '',
          params: { reason },
          message: reason,
        };
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) pending.push([item, `${path}/${key}`]);
    }
  }
  return undefined;
}

/** Puts every string inside `data` (an object or array) in normal form C, in place. */
export function normalizeText(data: unknown): void {
  // Iterative, like unstorableText.
  const pending: unknown[] = [data];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value !== 'object' || value === null) continue;
    const record = value as Record<string, unknown>;
    for (const [key, item] of Object.entries(record)) {
      if (typeof item === 'string') {
        const normalized = item.normalize('NFC');
        if (normalized !== item) record[key] = normalized;
      } else if (typeof item === 'object' && item !== null) pending.push(item);
    }
  }
}

const PLAIN_INTEGER = /^-?\d{1,20}$/;
const PLAIN_DECIMAL = /^-?\d{1,20}(\.\d{1,20})?$/;

interface PropertySchema {
  type?: string | string[];
  anyOf?: PropertySchema[];
}

const typesOf = (schema: PropertySchema | undefined): string[] => {
  if (!schema) return [];
  const own = schema.type === undefined ? [] : [schema.type].flat();
  return [...own, ...(schema.anyOf ?? []).flatMap(typesOf)];
};

/**
 * Turns the URL values a schema wants as numbers (or booleans) into them, in place, when they
 * are written plainly; anything else stays text for the validator to refuse.
 */
export function parseUrlValues(schema: unknown, data: unknown): void {
  const properties = (schema as { properties?: Record<string, PropertySchema> } | undefined)
    ?.properties;
  if (!properties || typeof data !== 'object' || data === null) return;
  const values = data as Record<string, unknown>;
  for (const [name, property] of Object.entries(properties)) {
    const value = values[name];
    if (typeof value !== 'string') continue;
    const types = typesOf(property);
    if (types.includes('string')) continue;
    if (types.includes('integer') && PLAIN_INTEGER.test(value)) values[name] = Number(value);
    else if (types.includes('number') && PLAIN_DECIMAL.test(value)) values[name] = Number(value);
    else if (types.includes('boolean') && (value === 'true' || value === 'false'))
      values[name] = value === 'true';
  }
}

/**
 * The compiled check of each (schema, part), kept for the process. A schema is one object of the
 * contract, and every app of a process is built with the same compiler options, so a second app
 * in the same process (the API tests build one per test) reuses what the first compiled instead
 * of compiling about ninety routes' schemas again.
 */
const compiledChecks = new WeakMap<object, Map<string, Check>>();

/** A validator factory for Fastify's `schemaController`: its Ajv compiler behind the two steps. */
export function strictValidators(): ValidatorFactory {
  const fastifyAjv = AjvCompiler();
  return ((externalSchemas, options) => {
    const compile = fastifyAjv(externalSchemas, options) as unknown as (
      route: RouteDefinition,
    ) => Check;
    return (route: RouteDefinition) => {
      const part = route.httpPart ?? '';
      const schema = route.schema;
      if (typeof schema !== 'object' || schema === null) return strictCheck(compile, route);
      let forSchema = compiledChecks.get(schema);
      if (!forSchema) compiledChecks.set(schema, (forSchema = new Map()));
      let check = forSchema.get(part);
      if (!check) forSchema.set(part, (check = strictCheck(compile, route)));
      return check;
    };
  }) as ValidatorFactory;
}

/**
 * Ajv's check of one part of a route behind the steps above. Ajv compiles it on the first request
 * it checks, not when the app starts: a process answers a few of the routes' parts in its first
 * minutes, and compiling all of them at start was about a sixth of the processor time an app took
 * to start (every API test file starts one).
 */
function strictCheck(compile: (route: RouteDefinition) => Check, route: RouteDefinition): Check {
  let compiled: Check | undefined;
  const fromUrl = route.httpPart === 'params' || route.httpPart === 'querystring';
  const check: Check = (data) => {
    const bad = unstorableText(data);
    if (bad) {
      check.errors = [bad];
      return false;
    }
    if (route.httpPart !== 'headers') normalizeText(data);
    if (fromUrl) parseUrlValues(route.schema, data);
    const validate = (compiled ??= compile(route));
    const valid = validate(data);
    check.errors = validate.errors;
    return valid;
  };
  return check;
}

/**
 * The check of one value against a schema of the contract outside a request (a field of an
 * imported row), exactly as a request body is checked: the same compiler, settings and steps,
 * and the same compiled check as a route whose body is that schema. False: `errors` says why.
 */
export function checkOf(schema: object): Check {
  bodyChecks ??= strictValidators()({}, ajvOptions as never) as unknown as (
    route: RouteDefinition,
  ) => Check;
  return bodyChecks({ schema, method: 'POST', url: '', httpPart: 'body' });
}

/** The compiler of checkOf, made once (a compiler is an Ajv instance of its own). */
let bodyChecks: ((route: RouteDefinition) => Check) | undefined;
