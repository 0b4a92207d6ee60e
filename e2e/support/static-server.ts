// A plain static server for one remote's build on its own origin, as a team would host it: the
// files at the root (index.html for unknown paths), optionally CORS for a shell on another origin,
// and optionally `/api` passed upstream (a remote's standalone page talks to the product's API).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
};

export interface StaticServerOptions {
  /** Where `/api/...` goes. */
  apiUpstream?: string;
  /** Sent as Access-Control-Allow-Origin. */
  allowOrigin?: string;
}

export function serveBuild(dist: string, options: StaticServerOptions = {}): Promise<Server> {
  const server = createServer((req, res) => {
    if (options.apiUpstream && req.url?.startsWith('/api/')) {
      const target = new URL(req.url, options.apiUpstream);
      const forward = request(
        target,
        { method: req.method, headers: { ...req.headers, host: target.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(forward);
      return;
    }
    const wanted = path.join(
      dist,
      decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname),
    );
    const file =
      wanted.startsWith(dist) && existsSync(wanted) && statSync(wanted).isFile()
        ? wanted
        : path.join(dist, 'index.html');
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      ...(options.allowOrigin ? { 'access-control-allow-origin': options.allowOrigin } : {}),
    });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export const portOf = (server: Server): number => (server.address() as AddressInfo).port;
