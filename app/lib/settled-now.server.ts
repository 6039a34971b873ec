const PENDING: unique symbol = Symbol("pending");

/**
 * A loader's deferred value, as its page should get it: the value itself when the promise has
 * already settled (a warm cache answers within the current turn of the event loop), else the
 * promise, for React Router to stream. A value that is ready is then rendered in its place in the
 * document; a streamed one is first written as its fallback and later moved into place by an
 * inline script, a second layout of the page on the shopper's phone for nothing when the data was
 * there all along. Slow data (a database read) still streams, so the first screen never waits
 * for it. Boxed, because a promise resolved with a promise takes on the inner promise's value.
 */
export async function settledNow<T>(promise: Promise<T>): Promise<{ value: T | Promise<T> }> {
  // A check scheduled after the I/O of this turn: every promise chain a warm cache builds has
  // run by then, while a query to the database has not answered.
  const check = new Promise<typeof PENDING>((resolve) => setImmediate(() => resolve(PENDING)));
  const first = await Promise.race([promise, check]);
  return { value: first === PENDING ? promise : (first as T) };
}
