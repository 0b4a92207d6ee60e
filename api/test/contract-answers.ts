// Every answer an API test receives is held against the contract it was sent under: a success
// against the endpoint's response schema for that status (reports included, whose JSON is built
// in SQL and sent as text, past Fastify's serializer), an error as `{ code, message }`. An answer
// that does not match is replaced by a 500 naming the route and the difference, so the test that
// made the request fails, and a drift between the server and the contract cannot pass the suite.
import AjvCompiler from '@fastify/ajv-compiler';
import { endpoints, type Endpoint } from 'contract';
import type { App } from '../src/app.js';
import { ajvOptions } from '../src/lib/validator.js';

type Check = ((data: unknown) => boolean) & {
  errors?: Array<{ instancePath: string; message?: string }> | null;
};

const byRoute = new Map<string, Endpoint>(
  Object.values(endpoints as Record<string, Endpoint>).map((e) => [`${e.method} /api${e.path}`, e]),
);
const compile = AjvCompiler()({}, ajvOptions as never) as unknown as (route: {
  schema: unknown;
  method: string;
  url: string;
  httpPart: string;
}) => Check;
const checks = new WeakMap<object, Check>();

function checkFor(schema: object): Check {
  let check = checks.get(schema);
  if (!check)
    checks.set(schema, (check = compile({ schema, method: 'GET', url: '', httpPart: 'body' })));
  return check;
}

/** What is wrong with `data` as the answer `status` of `endpoint`, or undefined. */
export function answerDrift(endpoint: Endpoint, status: number, data: unknown): string | undefined {
  if (status >= 400) {
    const error = data as { code?: unknown; message?: unknown } | null;
    return typeof error?.message === 'string' && typeof error.code === 'string'
      ? undefined
      : 'an error answer without a code and a message';
  }
  const schema = endpoint.responses[status as 200 | 201];
  if (!schema) return `status ${status}, which the contract does not name`;
  const check = checkFor(schema);
  if (check(data)) return undefined;
  return (check.errors ?? [])
    .slice(0, 3)
    .map((error) => `${error.instancePath || '(answer)'} ${error.message ?? ''}`)
    .join('; ');
}

/** Holds every JSON answer of `app` against the contract (see the top of this file). */
export function checkAnswersAgainstContract(app: App): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const endpoint = byRoute.get(`${request.method} ${request.routeOptions.url ?? ''}`);
    if (!endpoint || (endpoint.file && reply.statusCode === 200)) return payload;
    const text =
      typeof payload === 'string'
        ? payload
        : Buffer.isBuffer(payload)
          ? payload.toString()
          : undefined;
    // A stream is a file; an empty answer (a 204) has nothing to hold.
    if (text === undefined || text === '') return payload;
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
    const drift =
      data === undefined
        ? 'an answer that is not JSON'
        : answerDrift(endpoint, reply.statusCode, data);
    if (!drift) return payload;
    const message = `${endpoint.method} ${endpoint.path} answered ${reply.statusCode} outside the contract: ${drift}`;
    process.stderr.write(`${message}\n`);
    void reply.code(500).header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify({ code: 'contractDrift', message });
  });
}
