// Helpers for the apps' component tests, imported as 'shared-ui/testing'. Not part of the
// runtime surface (src/index.ts), so no bundle carries them.

/** A promise settled by hand: lets a test look at busy labels while a call is in flight. */
export function deferred<T = unknown>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
