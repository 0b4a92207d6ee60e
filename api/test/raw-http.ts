// A GET with the path sent exactly as written, over a raw socket, so that no client library
// resolves `..` segments before the server sees them (traversal tests); and any bytes at all
// over a raw socket, read back as the server wrote them (client errors, timeouts).
import http from 'node:http';
import net from 'node:net';

export function rawGet(port: number, url: string): Promise<{ statusCode: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: url }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          statusCode: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.on('error', reject);
  });
}

export interface RawAnswer {
  statusCode: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
  /** Everything the server sent. */
  raw: string;
}

/** The first HTTP answer in what a server sent: status, headers and the body by its length. */
export function parseAnswer(raw: string): RawAnswer {
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = end === -1 ? '' : raw.slice(end + 4);
  const length = Number(headers['content-length']);
  return {
    statusCode: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0),
    headers,
    body: Number.isFinite(length) ? Buffer.from(rest).subarray(0, length).toString('utf8') : rest,
    raw,
  };
}

/**
 * Sends `data` over a raw socket (then `drip`, a byte every `dripMs`, if given) and resolves with
 * the first answer once the server closes the connection, or `waitMs` after the last byte came.
 */
export function rawRequest(
  port: number,
  data: string | Buffer,
  options: { drip?: string; dripMs?: number; waitMs?: number } = {},
): Promise<RawAnswer & { closedByServer: boolean }> {
  const { drip = '', dripMs = 100, waitMs = 3000 } = options;
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    let dripped = 0;
    let dripTimer: NodeJS.Timeout | undefined;
    let idle: NodeJS.Timeout | undefined;
    let closedByServer = false;
    const finish = () => {
      clearInterval(dripTimer);
      clearTimeout(idle);
      socket.destroy();
      resolve({ ...parseAnswer(Buffer.concat(chunks).toString('utf8')), closedByServer });
    };
    const wait = () => {
      clearTimeout(idle);
      idle = setTimeout(finish, waitMs);
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      wait();
    });
    socket.on('error', () => undefined);
    socket.on('end', () => (closedByServer = true));
    socket.on('close', () => {
      closedByServer = true;
      finish();
    });
    socket.on('connect', () => {
      socket.write(data);
      if (drip)
        dripTimer = setInterval(() => {
          if (dripped < drip.length && socket.writable) socket.write(drip[dripped++] ?? '');
        }, dripMs);
      else wait();
    });
  });
}
