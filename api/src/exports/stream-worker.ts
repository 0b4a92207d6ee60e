// A file written in a worker thread of bounded heap and streamed to the response as it is
// written, a chunk at a time: the worker sends the next chunk when the server's thread asks for
// more, so a slow download holds back the writing. Used by the long files read from PostgreSQL:
// the Journal's Excel file (journal-in-worker.ts) and a busy account's general ledger.
import { Readable } from 'node:stream';
import type { MessagePort, Worker } from 'node:worker_threads';

/** What the worker sends: a chunk of the file, its end, or why it stopped. */
export type StreamMessage = { chunk: Uint8Array } | { done: true } | { error: string };

/** The worker's file as a stream; `what` names the worker in the error of an early exit. */
export function streamFromWorker(worker: Worker, what: string): Readable {
  let finished = false;
  /** The worker waits for a "more" that the reader has not asked for yet. */
  let owed = false;
  const out = new Readable({
    read() {
      if (!owed) return;
      owed = false;
      worker.postMessage('more');
    },
    destroy(error, callback) {
      finished = true;
      void worker.terminate();
      callback(error);
    },
  });
  worker.on('message', (message: StreamMessage) => {
    if ('chunk' in message) {
      const bytes = Buffer.from(
        message.chunk.buffer,
        message.chunk.byteOffset,
        message.chunk.length,
      );
      if (out.push(bytes)) worker.postMessage('more');
      else owed = true;
    } else if ('done' in message) {
      finished = true;
      out.push(null);
      void worker.terminate();
    } else {
      finished = true;
      out.destroy(new Error(message.error));
    }
  });
  worker.once('error', (error) => {
    finished = true;
    out.destroy(error);
  });
  worker.once('exit', (code) => {
    if (!finished) out.destroy(new Error(`${what} stopped (exit code ${code})`));
  });
  return out;
}

/** Bytes gathered before they are handed over (fewer, larger messages). */
const CHUNK = 256 * 1024;

/**
 * In the worker: sends what `write` streams to the server's thread in chunks, each once the
 * previous one was asked for, then `done` is awaited (closing what the writing used), then the
 * end (or why it stopped).
 */
export function sendStream(
  port: MessagePort,
  write: () => Promise<AsyncIterable<unknown>>,
  done: () => Promise<void> = async () => undefined,
): void {
  let asked: (() => void) | undefined;
  port.on('message', (message: string) => {
    if (message === 'more') asked?.();
  });
  const send = (message: StreamMessage, transfer: ArrayBuffer[] = []) =>
    port.postMessage(message, transfer);
  const run = async () => {
    let held: Buffer[] = [];
    let heldBytes = 0;
    const flush = async () => {
      if (heldBytes === 0) return;
      // A copy of its own, so its memory can move to the other thread.
      const bytes = new Uint8Array(heldBytes);
      let at = 0;
      for (const part of held) {
        bytes.set(part, at);
        at += part.length;
      }
      held = [];
      heldBytes = 0;
      const more = new Promise<void>((resolve) => (asked = resolve));
      send({ chunk: bytes }, [bytes.buffer]);
      await more;
    };
    try {
      for await (const part of await write()) {
        held.push(part as Buffer);
        heldBytes += (part as Buffer).length;
        if (heldBytes >= CHUNK) await flush();
      }
      await flush();
    } finally {
      await done();
    }
  };
  run().then(
    () => send({ done: true }),
    (error: unknown) => send({ error: String((error as Error | undefined)?.message ?? error) }),
  );
}
