// How many bytes of uploads a process holds in memory at once, all requests together. A receipt
// upload is received whole before any of its files is processed (routes/receipts), so that the
// server's own work never holds the body back past the request timeout; this bounds what that
// costs. An upload takes its declared length (or the largest an upload can be) before a byte is
// read, and gives it back when its answer is sent; one that does not fit is refused at once.
// Kept in memory: it measures this process's memory, and a crash gives it all back.

export class UploadBudget {
  private used = 0;

  constructor(readonly limit: number) {}

  /** Takes `bytes` and answers how to give them back, or undefined when they do not fit. */
  take(bytes: number): (() => void) | undefined {
    if (this.used + bytes > this.limit) return undefined;
    this.used += bytes;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.used -= bytes;
    };
  }
}
