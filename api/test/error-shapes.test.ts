// Every error answer in the product's shape, `{ code, message }` (contract/src/error-codes.ts),
// also those no route writes: Node's own request and header timeouts (408), requests it cannot
// parse (400), headers past its limit (431), bodies past the limits (413: JSON and multipart),
// bodies of a type no parser takes (415), and the login rate limit and throttle (429). Sent over
// raw sockets to the listening server, so that what is checked is what a client receives.
import type { AddressInfo } from 'node:net';
import { apiMessages, errorCodes } from 'contract';
import { ADMIN, setupDatabase, type TestContext } from './helpers.js';
import { rawRequest, type RawAnswer } from './raw-http.js';

const db = await setupDatabase({
  http: {
    headersTimeoutMs: 600,
    requestTimeoutMs: 1200,
    keepAliveTimeoutMs: 600,
    maxConnections: 40,
  },
  login: { perIpPerMinute: 5, perEmailFailures: 2, perEmailWindowMinutes: 15 },
});
let ctx: TestContext;
let port = 0;

beforeEach(async () => {
  ctx = await db.reset();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => db.close());

/** The answer is JSON `{ code, message }` with this status, code and message. */
function expectShape(answer: RawAnswer, status: number, code: string, message: string) {
  expect(answer.statusCode).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(body).toEqual({ code, message });
  expect(errorCodes).toContain(code);
}

const head = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;
const post = (path: string, headers: string[], body = '') =>
  head([`POST ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, ...headers]) + body;

const LOGIN_BODY = JSON.stringify({ email: ADMIN.email, password: ADMIN.password });

describe('answers no route writes', () => {
  it('408 for a body sent a byte at a time, with Connection: close', async () => {
    const answer = await rawRequest(
      port,
      post('/api/users/login', [
        'Content-Type: application/json',
        `Content-Length: ${LOGIN_BODY.length}`,
      ]),
      { drip: LOGIN_BODY },
    );
    expectShape(answer, 408, 'request_timeout', apiMessages.requestTimeout);
    expect(answer.headers.connection).toBe('close');
    expect(answer.closedByServer).toBe(true);
  });

  it('408 for headers sent a byte at a time', async () => {
    const whole = post('/api/users/login', ['Content-Type: application/json']);
    const answer = await rawRequest(port, whole.slice(0, 20), { drip: whole.slice(20) });
    expectShape(answer, 408, 'request_timeout', apiMessages.requestTimeout);
    expect(answer.headers.connection).toBe('close');
  });

  it('400 for a request that is not HTTP', async () => {
    const answer = await rawRequest(port, 'HELLO THERE\r\n\r\n');
    expectShape(answer, 400, 'malformed_request', apiMessages.malformedRequest);
    expect(answer.headers.connection).toBe('close');
  });

  it('431 for headers past the limit', async () => {
    const answer = await rawRequest(
      port,
      head([`GET /api/journal HTTP/1.1`, `Host: x`, `X-Big: ${'a'.repeat(20_000)}`]),
    );
    expectShape(answer, 431, 'headers_too_large', apiMessages.headersTooLarge);
    expect(answer.headers.connection).toBe('close');
  });

  it('413 for chunk extensions past the limit', async () => {
    const answer = await rawRequest(
      port,
      post('/api/users/login', ['Content-Type: application/json', 'Transfer-Encoding: chunked']) +
        `1;${'x'.repeat(20_000)}\r\n`,
    );
    expectShape(answer, 413, 'body_too_large', apiMessages.bodyTooLarge);
  });
});

describe('refusals of a body', () => {
  it('413 for a JSON body past BODY_LIMIT_BYTES, declared or sent chunked', async () => {
    const big = JSON.stringify({ email: 'a'.repeat(ctx.config.bodyLimitBytes), password: 'x' });
    const declared = await rawRequest(
      port,
      post('/api/users/login', [
        'Content-Type: application/json',
        `Content-Length: ${big.length}`,
        'Connection: close',
      ]),
      { waitMs: 1000 },
    );
    expectShape(declared, 413, 'body_too_large', apiMessages.bodyTooLarge);
    const chunked = await rawRequest(
      port,
      post('/api/users/login', [
        'Content-Type: application/json',
        'Transfer-Encoding: chunked',
        'Connection: close',
      ]) + `${big.length.toString(16)}\r\n${big}\r\n0\r\n\r\n`,
      { waitMs: 1000 },
    );
    expectShape(chunked, 413, 'body_too_large', apiMessages.bodyTooLarge);
  });

  it('413 for a multipart upload past its limit', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: ADMIN,
    });
    const token = login.json<{ token: string }>().token;
    const answer = await rawRequest(
      port,
      post('/api/receipts/entries', [
        `Authorization: Bearer ${token}`,
        'Content-Type: multipart/form-data; boundary=x',
        `Content-Length: ${200 * 1024 * 1024}`,
        'Connection: close',
      ]),
      { waitMs: 1000 },
    );
    expect(answer.statusCode).toBe(413);
    const body = JSON.parse(answer.body) as { code: string; message: string };
    expect(body).toEqual({ code: 'receipt_too_large', message: apiMessages.receiptTooLarge });
  });

  it('415 for a body of a type no parser takes', async () => {
    const xml = '<login/>';
    const answer = await rawRequest(
      port,
      post(
        '/api/users/login',
        ['Content-Type: application/xml', `Content-Length: ${xml.length}`, 'Connection: close'],
        xml,
      ),
      { waitMs: 1000 },
    );
    expectShape(answer, 415, 'unsupported_media_type', apiMessages.unsupportedMediaType);
  });
});

describe('429', () => {
  const login = (email: string, password = 'wrong-password-1') => {
    const body = JSON.stringify({ email, password });
    return rawRequest(
      port,
      post(
        '/api/users/login',
        ['Content-Type: application/json', `Content-Length: ${body.length}`, 'Connection: close'],
        body,
      ),
      { waitMs: 1000 },
    );
  };

  it('from the throttle of one e-mail', async () => {
    for (let i = 0; i < 2; i += 1) expect((await login('someone@test.local')).statusCode).toBe(401);
    expectShape(
      await login('someone@test.local'),
      429,
      'too_many_attempts',
      apiMessages.tooManyAttempts,
    );
  });

  it('from the rate limit of one address', async () => {
    for (let i = 0; i < 5; i += 1)
      expect((await login(`person${i}@test.local`)).statusCode).toBe(401);
    const answer = await login('person9@test.local');
    expectShape(answer, 429, 'too_many_attempts', apiMessages.tooManyAttempts);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  });
});
