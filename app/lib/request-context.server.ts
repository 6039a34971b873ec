import { AsyncLocalStorage } from "node:async_hooks";

// The request a piece of work belongs to, carried through every await of that request without
// passing it by hand: the logger stamps each line with its id.
export type RequestContext = { requestId: string };

const storage = new AsyncLocalStorage<RequestContext>();

export function runInRequest<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}
