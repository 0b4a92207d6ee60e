// How many heavy exports (every PDF and Excel file, the Journal's CSV) each user may have under
// way at once: beyond EXPORTS_PER_USER the next is refused with 429 and a message, so that one
// user pressing Download again and again cannot queue up the server's work for everyone.
//
// Counted in this process's memory, not in the database: what it protects is this process (its
// thread, its memory, its workers), a slot lives exactly as long as its response, and a process
// that stops gives its slots back with it, where a row in the database would need a lease and
// a sweep for the exports of a process that crashed. With WORKERS=N a user may so have up to N
// times the limit under way, each process within its own.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiMessages } from 'contract';
import { currentUser } from '../plugins/auth.js';
import { HttpError } from './errors.js';

export class ExportSlots {
  private readonly running = new Map<number, number>();

  constructor(readonly perUser: number) {}

  /** How many of `userId`'s slots are taken now. */
  inUse(userId: number): number {
    return this.running.get(userId) ?? 0;
  }

  /** Takes a slot for `userId` and answers how to give it back, or undefined when none is free. */
  take(userId: number): (() => void) | undefined {
    const now = this.inUse(userId);
    if (now >= this.perUser) return undefined;
    this.running.set(userId, now + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.running.get(userId) ?? 1) - 1;
      if (left > 0) this.running.set(userId, left);
      else this.running.delete(userId);
    };
  }
}

/**
 * Takes one of the signed-in user's export slots for this request, given back when its answer
 * has been sent (or the client went away); 429 with a message when they are all taken.
 */
export function holdExportSlot(request: FastifyRequest, reply: FastifyReply): void {
  const giveBack = request.server.exportSlots.take(currentUser(request).id);
  if (!giveBack) throw new HttpError(429, apiMessages.exportBusy);
  reply.raw.once('close', giveBack);
}
