// Slow and idle clients against the real listening server, over real sockets: a request that
// arrives a byte at a time is cut off at the configured deadline, an idle keep-alive connection
// is closed, a flood of slow sockets beyond the connection cap gives way to fresh clients, and
// normal requests are answered all the while.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { apiMessages } from 'contract';
import { buildApp } from '../src/app.js';
import { ADMIN, setupDatabase, type TestContext } from './helpers.js';

// Deadlines far shorter than a dripping client needs to finish (each sends a byte every 100 ms
// and needs well over 10 s), so "cut off" cannot be confused with "finished".
const LIMITS = {
  headersTimeoutMs: 600,
  requestTimeoutMs: 1200,
  keepAliveTimeoutMs: 600,
  maxConnections: 40,
};
const DRIP_MS = 100;

const db = await setupDatabase({ http: LIMITS });
let ctx: TestContext;
let port = 0;

beforeEach(async () => {
  ctx = await db.reset();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => db.close());

interface Client {
  /** Everything the server sent. */
  received: () => string;
  /** Resolves when the server (or an error) closed the socket, with how many drip bytes went out. */
  closed: Promise<{ dripped: number }>;
  destroy: () => void;
}

/** A socket that sends `fast` at once, then `slow` one byte every DRIP_MS. */
function dripClient(fast: string, slow: string, to = port): Client {
  const socket = net.connect({ host: '127.0.0.1', port: to });
  const chunks: Buffer[] = [];
  let dripped = 0;
  let timer: NodeJS.Timeout | undefined;
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('connect', () => {
    socket.write(fast);
    timer = setInterval(() => {
      if (dripped < slow.length && socket.writable) socket.write(slow[dripped++] ?? '');
    }, DRIP_MS);
  });
  const closed = new Promise<{ dripped: number }>((resolve) => {
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ dripped });
    });
  });
  return {
    received: () => Buffer.concat(chunks).toString('utf8'),
    closed,
    destroy: () => socket.destroy(),
  };
}

const LOGIN_BODY = JSON.stringify({
  email: ADMIN.email,
  password: `${ADMIN.password}${' '.repeat(150)}`,
});
const loginHead = (to = port) =>
  `POST /api/users/login HTTP/1.1\r\nHost: 127.0.0.1:${to}\r\n` +
  `Content-Type: application/json\r\nContent-Length: ${LOGIN_BODY.length}\r\n\r\n`;

const slowBody = () => dripClient(loginHead(), LOGIN_BODY);
const slowHeaders = (to = port) => {
  const head = loginHead(to);
  return dripClient(head.slice(0, 20), head.slice(20) + LOGIN_BODY, to);
};

async function signIn(to = port): Promise<Response> {
  return fetch(`http://127.0.0.1:${to}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
}

describe('slow and idle clients', () => {
  it('cuts off a request body sent a byte at a time, with 408', async () => {
    const client = slowBody();
    const { dripped } = await client.closed;
    expect(dripped).toBeLessThan(LOGIN_BODY.length);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('cuts off request headers sent a byte at a time, with 408', async () => {
    const client = slowHeaders();
    const { dripped } = await client.closed;
    expect(dripped).toBeLessThan(loginHead().length - 20);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a keep-alive connection that stays idle after its answer', async () => {
    const client = dripClient(
      `GET /api/dashboard/totals HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`,
      // Nothing more to say: the socket just stays open.
      '',
    );
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 401 /);
    expect(client.received()).toContain(apiMessages.unauthorized);
  });

  it('answers a normal sign-in while slow clients hold connections', async () => {
    const slow = Array.from({ length: 20 }, (_, i) => (i % 2 ? slowBody() : slowHeaders()));
    const response = await signIn();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ message: apiMessages.loggedIn });
    await Promise.all(slow.map((client) => client.closed));
  });

  it('makes room for a fresh client by closing the oldest slow connection beyond the cap', async () => {
    // Deadlines long enough that only the cap can close a slow socket during this test.
    const capped = await buildApp(
      { ...ctx.config, http: { ...LIMITS, headersTimeoutMs: 20_000, requestTimeoutMs: 20_000 } },
      { database: ctx.database, logger: false },
    );
    await capped.listen({ port: 0, host: '127.0.0.1' });
    const cappedPort = (capped.server.address() as AddressInfo).port;
    const slow = Array.from({ length: LIMITS.maxConnections }, () => slowHeaders(cappedPort));
    try {
      // Every slow socket has sent its first bytes before the fresh client comes.
      await new Promise((resolve) => setTimeout(resolve, 5 * DRIP_MS));
      const response = await signIn(cappedPort);
      expect(response.status).toBe(200);
      // The oldest slow socket was closed to make room, without an answer.
      await slow[0]?.closed;
      expect(slow[0]?.received()).toBe('');
    } finally {
      slow.forEach((client) => client.destroy());
      await capped.close();
    }
  });
});
