// The OpenAPI document at /api/docs/json, checked with a standard validator, and the rule that
// every /api route comes from the contract.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { apiMessages, endpoints, errorCodes, messages, PAGE_CURSOR_PATTERN } from 'contract';
import Fastify from 'fastify';
import { requireContract, route } from '../src/routes/route.js';
import { ADMIN, bearer, login, setupDatabase, type TestContext } from './helpers.js';

interface Parameter {
  name: string;
  in: string;
  deprecated?: boolean;
  schema?: unknown;
}
interface Operation {
  operationId?: string;
  security?: unknown[];
  parameters?: Parameter[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type OpenApi = {
  openapi: string;
  servers?: unknown[];
  paths: Record<string, Record<string, Operation>>;
  components?: {
    securitySchemes?: Record<string, unknown>;
    schemas?: Record<string, Record<string, unknown>>;
  };
};

const webRoot = mkdtempSync(path.join(tmpdir(), 'openapi-web-'));
mkdirSync(path.join(webRoot, 'shell', 'dist'), { recursive: true });
writeFileSync(path.join(webRoot, 'shell', 'dist', 'index.html'), '<!doctype html>');

const db = await setupDatabase({ webRoot });
let ctx: TestContext;
let document: OpenApi;

beforeAll(async () => {
  ctx = await db.reset();
  const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  document = response.json<OpenApi>();
});
afterAll(async () => {
  await db.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** A schema, or the named component its `$ref` points to. */
const resolve = (schema: unknown): Record<string, unknown> | undefined => {
  const ref = (schema as { $ref?: string } | undefined)?.$ref;
  if (!ref) return schema as Record<string, unknown> | undefined;
  return document.components?.schemas?.[ref.replace('#/components/schemas/', '')];
};

const operations = () =>
  Object.entries(document.paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ url, method, operation })),
  );

describe('the OpenAPI document', () => {
  it('is valid for swagger-parser', () => {
    const validator = path.join(import.meta.dirname, 'validate-openapi.cjs');
    const result = spawnSync(process.execPath, [validator], {
      input: JSON.stringify(document),
      encoding: 'utf8',
    });
    expect(result.stdout.trim()).toBe('valid');
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('lists every operation of the contract under its operationId, and no web file', () => {
    expect(operations().filter(({ operation }) => !operation.operationId)).toEqual([]);
    const listed = operations()
      .filter(({ method }) => method !== 'head')
      .map(({ operation }) => operation.operationId);
    expect([...listed].sort()).toEqual(Object.keys(endpoints).sort());
    const heads = operations().filter(({ method }) => method === 'head');
    expect(heads.map(({ operation }) => operation.operationId).sort()).toEqual(
      Object.entries(endpoints)
        .filter(([, endpoint]) => endpoint.method === 'GET')
        .map(([name]) => `${name}Head`)
        .sort(),
    );
    expect(operations().map(({ url }) => url)).not.toContain('/remotes.json');
    expect(operations().filter(({ url }) => !url.startsWith('/api/'))).toEqual([]);
  });

  it('gives every error answer the one ErrorResponse and requires the bearer token but on login', () => {
    expect(document.components?.securitySchemes?.bearer).toEqual({
      type: 'http',
      scheme: 'bearer',
    });
    for (const { operation, method, url } of operations()) {
      for (const [status, answer] of Object.entries(operation.responses)) {
        if (Number(status) < 400 || method === 'head') continue;
        expect(answer.content?.['application/json']?.schema).toEqual({
          $ref: '#/components/schemas/ErrorResponse',
        });
      }
      // A receipt's file is opened by <img> and <iframe>, which send no bearer token: its address
      // carries a signature of the session instead (docs/decisions/015-receipts.md).
      if (
        ['login', 'loginCode'].includes(operation.operationId ?? '') ||
        url === '/api/receipts/{id}/file'
      )
        expect(operation.security).toEqual([]);
      else expect(operation.security).toBeUndefined();
    }
    const updateUser = document.paths['/api/users/updateuser/{id}']?.put;
    expect(Object.keys(updateUser?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '409', '413']),
    );
    expect(Object.keys(document.paths['/api/users/login']?.post?.responses ?? {})).toContain('429');
  });

  it('describes a CSV export as text/csv, a repeatable call with 200 and 201, and admins-only calls with 403', () => {
    for (const url of ['/api/journal/csv', '/api/activity/csv']) {
      const ok = document.paths[url]?.get?.responses['200'];
      expect(Object.keys(ok?.content ?? {})).toEqual(['text/csv']);
    }
    const reverse = document.paths['/api/journal/{id}/reverse']?.post;
    expect(reverse?.operationId).toBe('reverseEntry');
    expect(Object.keys(reverse?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '201', '404', '409']),
    );
    expect(Object.keys(document.paths['/api/journal/closed']?.put?.responses ?? {})).toContain(
      '403',
    );
    expect(Object.keys(document.paths['/api/journal/closed']?.get?.responses ?? {})).not.toContain(
      '403',
    );
    expect(Object.keys(document.paths['/api/sessions/user/{id}']?.delete?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401', '403', '404']),
    );
  });

  it('names the 403 a read-only user gets on every write, and on no read or own-account call', () => {
    expect(Object.keys(document.paths['/api/incoms/addIncome']?.post?.responses ?? {})).toContain(
      '403',
    );
    expect(
      Object.keys(document.paths['/api/clients/deleteClient/{id}']?.delete?.responses ?? {}),
    ).toContain('403');
    expect(Object.keys(document.paths['/api/journal']?.get?.responses ?? {})).not.toContain('403');
    expect(Object.keys(document.paths['/api/users/logout']?.post?.responses ?? {})).not.toContain(
      '403',
    );
    expect(
      Object.keys(document.paths['/api/sessions/others']?.delete?.responses ?? {}),
    ).not.toContain('403');
  });
});

describe('named components, codes and statuses', () => {
  it('names the shared schemas once and refers to them', () => {
    const schemas = document.components?.schemas ?? {};
    expect(resolve({ $ref: '#/components/schemas/ErrorResponse' })).toMatchObject({
      type: 'object',
      required: ['code', 'message'],
    });
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining(['ErrorResponse', 'JournalPage', 'ActivityPage', 'Money', 'Person']),
    );
    expect(Object.keys(schemas)).not.toContain('ActivityActor');
    const text = JSON.stringify(document);
    // The error answer's shape is written once, not on every operation.
    expect(text.split('"required":["code","message"]')).toHaveLength(2);
    const journal = document.paths['/api/journal']?.get?.responses['200'];
    expect(journal?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/JournalPage',
    });
    // Every reference points at a schema that is there.
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g))
      expect(schemas[name as string]).toBeDefined();
  });

  it('lists the codes an error can carry, and answers with them', async () => {
    const codes = (
      resolve({ $ref: '#/components/schemas/ErrorResponse' })?.properties as {
        code: unknown;
      }
    ).code;
    expect(resolve(codes)).toMatchObject({ type: 'string', enum: [...errorCodes] });
    const unauthenticated = await ctx.app.inject({ method: 'GET', url: '/api/journal' });
    expect(unauthenticated.json()).toEqual({
      code: 'unauthorized',
      message: apiMessages.unauthorized,
    });
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'nobody@example.com', password: 'not-the-password-1' },
    });
    expect(wrong.json()).toEqual({
      code: 'invalid_credentials',
      message: messages.invalidCredentials,
    });
    const invalid = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'nobody@example.com' },
    });
    expect(invalid.json()).toEqual({ code: 'invalid_input', message: 'password is required' });
  });

  it('documents what the server answers: HEAD, 415 for a form body, 414, date-time stamps', async () => {
    expect(document.paths['/api/journal']?.head?.operationId).toBeDefined();
    const token = await login(ctx.app, ADMIN);
    const addClient = document.paths['/api/clients/addClient']?.post;
    expect(Object.keys(addClient?.responses ?? {})).toContain('415');
    const form = await ctx.app.inject({
      method: 'POST',
      url: '/api/clients/addClient',
      headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=x',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json().code).toBe('unsupported_media_type');
    const deleteClient = document.paths['/api/clients/deleteClient/{id}']?.delete;
    expect(Object.keys(deleteClient?.responses ?? {})).toContain('414');
    const long = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/clients/deleteClient/${'1'.repeat(300)}`,
      headers: bearer(token),
    });
    expect(long.statusCode).toBe(414);
    const row = resolve(resolve(document.components?.schemas?.ActivityPage)?.properties)?.users;
    const item = resolve((row as { items?: unknown } | undefined)?.items);
    expect((item?.properties as Record<string, unknown>).at).toEqual({
      type: 'string',
      format: 'date-time',
    });
  });
});

describe('one paging style', () => {
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const answer = (operation: Operation) =>
    resolve(operation.responses['200']?.content?.['application/json']?.schema);
  const gets = () => operations().filter(({ method }) => method === 'get');

  it('answers every paged list with `next` and takes it back as the one parameter `after`', () => {
    const paged = gets().filter(({ operation }) => {
      const properties = answer(operation)?.properties as Record<string, unknown> | undefined;
      return properties?.next !== undefined;
    });
    expect(paged.map(({ operation }) => operation.operationId).sort()).toEqual([
      'getGeneralLedger',
      'getReconcile',
      'getRegister',
      'listActivity',
      'listBatches',
      'listClientLedger',
      'listEmployeeLedger',
      'listExpenseLedger',
      'listJournal',
      'listVouchers',
    ]);
    expect(resolve(ref('NextCursor'))).toMatchObject({
      anyOf: [ref('PageCursor'), { type: 'null' }],
    });
    for (const { operation } of paged) {
      const properties = answer(operation)?.properties as Record<string, unknown>;
      expect(properties.next).toEqual(ref('NextCursor'));
      const current = (operation.parameters ?? []).filter((parameter) => !parameter.deprecated);
      // A parameter's schema is written in place (the document's parameters carry no titles).
      expect(current.find(({ name }) => name === 'after')).toMatchObject({
        in: 'query',
        description: expect.stringContaining('`next` of the previous page'),
        schema: { type: 'string', pattern: PAGE_CURSOR_PATTERN },
      });
      expect(current.map(({ name }) => name)).toContain('limit');
    }
    // No other list takes a position or a page size but as a deprecated form.
    const pagedIds = paged.map(({ operation }) => operation.operationId);
    const others = gets().filter(({ operation }) => !pagedIds.includes(operation.operationId));
    const stray = others.flatMap(({ operation }) =>
      (operation.parameters ?? [])
        .filter(
          ({ name, deprecated }) => ['after', 'before', 'limit'].includes(name) && !deprecated,
        )
        .map(({ name }) => `${operation.operationId} ${name}`),
    );
    expect(stray).toEqual([]);
  });

  it('marks the old paging forms deprecated, and they still work', async () => {
    const deprecated = gets().flatMap(({ operation }) =>
      (operation.parameters ?? [])
        .filter((parameter) => parameter.deprecated)
        .map(({ name }) => `${operation.operationId} ${name}`),
    );
    expect(deprecated.sort()).toEqual([
      'getClientLedger after',
      'getClientLedger limit',
      'getEmployeeLedger after',
      'getEmployeeLedger limit',
      'getExpenseLedger after',
      'getExpenseLedger limit',
      'listActivity before',
    ]);
    const token = await login(ctx.app, ADMIN);
    const old = await ctx.app.inject({
      method: 'GET',
      url: '/api/activity?before=1&limit=5',
      headers: bearer(token),
    });
    expect(old.statusCode).toBe(200);
    const spec = await ctx.app.inject({
      method: 'GET',
      url: '/api/dashboard/getExpenseLedger?limit=5&after=2026-01-01_1',
      headers: bearer(token),
    });
    expect(spec).toMatchObject({ statusCode: 200, body: '[]' });
  });
});

describe('routes and the contract', () => {
  it('refuses a route registered without a description', async () => {
    const app = Fastify({ logger: false });
    await app.register(async (api) => {
      requireContract(api);
      expect(() => api.get('/undocumented', async () => ({}))).toThrow(
        'GET /undocumented is not described in the contract',
      );
    });
    await app.close();
  });

  it('refuses a description that is not in the contract', async () => {
    const app = Fastify({ logger: false });
    const copy = { ...endpoints.getTotals };
    expect(() => route(app, copy, () => ({ admins: 0, employees: 0, clients: 0 }))).toThrow(
      'GET /dashboard/totals is not in the contract',
    );
    await app.close();
  });
});
