// Test support for running the real server (`src/server.ts` through tsx) as child processes:
// start on a free loopback port with the given environment, wait until it listens, call it
// over HTTP, stop it with SIGTERM and insist on a clean exit. Every child still running when
// a test file ends is killed by `killAll`.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const running = new Set<ChildProcess>();

export interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A loopback port that was free a moment ago (the server reads a fixed PORT). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The environment a child starts from: this one without database, web or jest settings. */
function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    TZ: 'UTC',
    LOG_LEVEL: 'info',
  };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'WEB_ROOT', 'NODE_OPTIONS', 'WORKERS']) {
    delete env[name];
  }
  return env;
}

/**
 * Node's arguments for a process of a test, which lives seconds (a server, `npm run backup`,
 * `npm run restore`): the TypeScript through tsx, and WebAssembly compiled by V8's baseline
 * compiler only. The optimising compiler's work on the embedded database's WebAssembly cost each
 * process three to five seconds of processor time that it never won back. Production servers
 * keep V8's defaults: they live long enough to win it back.
 */
const BASELINE_WASM_ONLY = ['--liftoff-only'];
export const SHORT_LIVED_NODE_ARGS = [...BASELINE_WASM_ONLY, '--import', 'tsx'];

/**
 * Node's arguments for `npm run <script> -- <args>` (api/scripts/<script>.ts) as a process: the
 * command from the build the jest run made (server-build.cjs), else its TypeScript through tsx,
 * which compiled and resolved the command and the sources again in every process.
 */
export function scriptArgs(script: string, args: string[] = []): string[] {
  return builtOrSource(`../scripts/${script}.js`, `scripts/${script}.ts`, args);
}

/**
 * Node's arguments for a command of the api: `built` (relative to the build's src/) from the
 * build the jest run made, when there is one, else `source` through tsx.
 */
function builtOrSource(built: string, source: string, args: string[]): string[] {
  const file = serverBuild && path.join(path.dirname(serverBuild), built);
  return file && existsSync(file)
    ? [...BASELINE_WASM_ONLY, file, ...args]
    : [...SHORT_LIVED_NODE_ARGS, source, ...args];
}

/**
 * `npm run deploy -- <args>` as a process against the web root `webRoot`: its exit code and what
 * it printed. The command from the build the jest run made, else its TypeScript through tsx (a
 * cold tsx start cost each call about 0.5 s more processor time).
 */
export function runDeploy(
  webRoot: string,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      builtOrSource('releases/deploy-command.js', 'src/releases/deploy-command.ts', args),
      { cwd: apiDir, env: { ...process.env, WEB_ROOT: webRoot } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * How a server process is started: from the build the jest run made (server-build.cjs), as
 * `npm start` runs dist/server.js, or else from its TypeScript through tsx.
 */
const serverBuild = process.env.API_TEST_SERVER_BUILD;
const SERVER_ARGS = serverBuild
  ? [...BASELINE_WASM_ONLY, serverBuild]
  : [...SHORT_LIVED_NODE_ARGS, 'src/server.ts'];

/** Spawns the server; `output` collects its stdout and stderr. */
export function spawnServer(env: NodeJS.ProcessEnv): Omit<Server, 'base'> {
  const child = spawn(process.execPath, SERVER_ARGS, {
    cwd: apiDir,
    env: { ...baseEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let log = '';
  const collect = (chunk: Buffer) => {
    log += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  return { child, output: () => log, exited };
}

/**
 * Starts the server and resolves once `listeners` processes of it listen (more than one with
 * WORKERS), with the address they share.
 */
export async function startServer(env: NodeJS.ProcessEnv, listeners = 1): Promise<Server> {
  const started = spawnServer({ PORT: String(await freePort()), ...env });
  const { child, output, exited } = started;
  return new Promise<Server>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within 90 s:\n${output()}`));
    }, 600_000);
    const check = () => {
      const found = [...output().matchAll(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/g)];
      if (found.length >= listeners) {
        clearTimeout(timer);
        resolve({ ...started, base: found[0]![1]! });
      }
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(
        new Error(`server exited (code ${code}, signal ${signal}) before listening:\n${output()}`),
      );
    });
  });
}

export async function stopServer(
  server: Pick<Server, 'child' | 'exited' | 'output'>,
): Promise<void> {
  server.child.kill('SIGTERM');
  const { code, signal } = await server.exited;
  if (code !== 0 || signal !== null) {
    throw new Error(`unclean exit (code ${code}, signal ${signal}):\n${server.output()}`);
  }
}

export function killAll(): void {
  for (const child of running) child.kill('SIGKILL');
}

export interface Answer<T> {
  status: number;
  body: T;
}

export async function call<T = Record<string, unknown>>(
  server: Server,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(server.base + url, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

export async function signIn(server: Server, who: { email: string; password: string }) {
  const answer = await call<{ token?: string; message?: string }>(
    server,
    'POST',
    '/api/users/login',
    { body: who },
  );
  expect(answer.status).toBe(200);
  expect(typeof answer.body.token).toBe('string');
  return answer.body.token as string;
}
