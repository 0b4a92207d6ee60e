// What the benchmarks share to talk to a server over HTTP and to sum up what they measured: a
// client with one keep-alive pool that times each call and never throws, the nearest-rank
// percentile, a free loopback port, and stopping a server process.
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { performance } from 'node:perf_hooks';

export interface Answer {
  status: number;
  /** The body parsed as JSON, or null when it is not JSON. */
  body: unknown;
  /** From the request's start to the body's end. */
  ms: number;
  /** Why no answer came (status 0): the socket error's code, or "timeout". */
  error?: string;
}

export interface HttpClientOptions {
  host?: string;
  /** The server's port; may be set later (`client.port`), once the server has one. */
  port?: number;
  /** Sockets in the keep-alive pool: as many as the users the bench simulates. */
  maxSockets?: number;
  /** A call without an answer within this long ends with status 0, error "timeout". */
  timeoutMs?: number;
}

/** Calls to one server through one keep-alive pool, as that many browsers would make them. */
export class HttpClient {
  readonly host: string;
  port: number;
  /** Requests sent again because the kept-alive socket they were given had just been closed. */
  resent = 0;
  private readonly agent: http.Agent;
  private readonly timeoutMs: number;

  constructor(options: HttpClientOptions = {}) {
    this.host = options.host ?? '127.0.0.1';
    this.port = options.port ?? 0;
    this.timeoutMs = options.timeoutMs ?? 120_000;
    this.agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 64 });
  }

  /** `method url`, with `body` as JSON and `token` as the bearer; resolves whatever happens. */
  call(method: string, url: string, body?: unknown, token?: string): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = {};
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const started = performance.now();
    const failed = (error?: string): Answer => ({
      status: 0,
      body: null,
      ms: performance.now() - started,
      error,
    });
    // Spaces and other characters a URL may not hold as they are are escaped, as fetch does.
    const target = new URL(url, 'http://localhost');
    const attempt = (again: boolean): Promise<Answer> =>
      new Promise((resolve) => {
        const request = http.request(
          {
            host: this.host,
            port: this.port,
            method,
            path: target.pathname + target.search,
            headers,
            agent: this.agent,
            timeout: this.timeoutMs,
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              let parsed: unknown = null;
              try {
                parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
              } catch {
                // not JSON: the status tells
              }
              resolve({
                status: response.statusCode ?? 0,
                body: parsed,
                ms: performance.now() - started,
              });
            });
            response.on('error', (error: NodeJS.ErrnoException) => resolve(failed(error.code)));
          },
        );
        request.on('timeout', () =>
          request.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })),
        );
        request.on('error', (error: NodeJS.ErrnoException) => {
          // The server closed an idle kept-alive socket just as this request was given to it:
          // nothing was processed, and a browser sends such a request again. So does the bench.
          if (!again && request.reusedSocket && error.code === 'ECONNRESET') {
            this.resent += 1;
            resolve(attempt(true));
            return;
          }
          resolve(failed(error.code));
        });
        request.end(payload);
      });
    return attempt(false);
  }

  /** Closes the pool's sockets (the process can then end). */
  close(): void {
    this.agent.destroy();
  }
}

/** The nearest-rank percentile `p` (0-100) of `sorted` (ascending); NaN when it is empty. */
export const percentile = (sorted: number[], p: number): number =>
  sorted.length
    ? (sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ??
      NaN)
    : NaN;

/** A GET timed `calls` times after `warmup` untimed ones, as the benches measure a read. */
export interface TimedGet {
  /** 200, or the first other status met (the timing stops there). */
  status: number;
  /** The last answer's body (the failing one's, when not 200). */
  body: unknown;
  /** The timed calls' durations in ms, ascending. */
  durations: number[];
  p50: number;
  p95: number;
}

export async function timeGet(
  client: HttpClient,
  token: string,
  path: string,
  { warmup, calls }: { warmup: number; calls: number },
): Promise<TimedGet> {
  const durations: number[] = [];
  let answer: Answer | undefined;
  for (let i = 0; i < warmup + calls; i++) {
    answer = await client.call('GET', path, undefined, token);
    if (answer.status !== 200) break;
    if (i >= warmup) durations.push(answer.ms);
  }
  durations.sort((a, b) => a - b);
  return {
    status: answer?.status ?? 0,
    body: answer?.body,
    durations,
    p50: percentile(durations, 50),
    p95: percentile(durations, 95),
  };
}

/** A port nothing listens on at the moment, on `host`. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Stops a server process with SIGTERM, and SIGKILL if it has not exited after `graceMs`. */
export function stopServer(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
