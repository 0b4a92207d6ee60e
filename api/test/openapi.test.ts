// The OpenAPI document at /api/docs/json, checked with a standard validator, and the rule that
// every /api route comes from the contract.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { endpoints } from 'contract';
import Fastify from 'fastify';
import { requireContract, route } from '../src/routes/route.js';
import { setupDatabase, type TestContext } from './helpers.js';

interface Operation {
  operationId?: string;
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type OpenApi = {
  openapi: string;
  servers?: unknown[];
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, unknown> };
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
    const listed = operations().map(({ operation }) => operation.operationId);
    expect([...listed].sort()).toEqual(Object.keys(endpoints).sort());
    expect(operations().map(({ url }) => url)).not.toContain('/remotes.json');
    expect(operations().filter(({ url }) => !url.startsWith('/api/'))).toEqual([]);
  });

  it('gives every error answer the { message } shape and requires the bearer token but on login', () => {
    expect(document.components?.securitySchemes?.bearer).toEqual({
      type: 'http',
      scheme: 'bearer',
    });
    for (const { operation } of operations()) {
      for (const [status, answer] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        expect(answer.content?.['application/json']?.schema).toMatchObject({
          type: 'object',
          required: ['message'],
        });
      }
      if (['login', 'loginCode'].includes(operation.operationId ?? ''))
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
