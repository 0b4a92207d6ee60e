// A cap on the open connections of the HTTP server, so that a flood of sockets cannot use up the
// process's file descriptors. When a new connection would exceed the cap, the oldest connection
// that is not being served makes room for it: one that has not sent a complete request yet
// (slow headers or a slow body) or sits idle between keep-alive requests. Only when every open
// connection is serving a complete request is the new one closed instead. A flood of slow or
// idle sockets therefore displaces its own oldest members, not the fresh clients behind it;
// the header and request timeouts then close whatever is left.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** The request a connection is serving, if any (set when its headers arrive, cleared when answered). */
const serving = new WeakMap<Socket, IncomingMessage>();

export function capConnections(server: Server, max: number): void {
  // Oldest first: a Map keeps insertion order.
  const open = new Map<Socket, true>();

  const evictable = (socket: Socket) => {
    const request = serving.get(socket);
    return !request || !request.complete;
  };

  server.on('connection', (socket: Socket) => {
    if (open.size >= max) {
      let victim: Socket | undefined;
      for (const candidate of open.keys()) {
        if (evictable(candidate)) {
          victim = candidate;
          break;
        }
      }
      if (!victim) {
        socket.destroy();
        return;
      }
      open.delete(victim);
      victim.destroy();
    }
    open.set(socket, true);
    socket.once('close', () => open.delete(socket));
  });

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const { socket } = request;
    serving.set(socket, request);
    response.once('close', () => {
      if (serving.get(socket) === request) serving.delete(socket);
    });
  });
}
