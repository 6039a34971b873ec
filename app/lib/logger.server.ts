import pino from "pino";
import { currentRequest } from "./request-context.server";

export type Logger = pino.Logger;

/** JSON lines; every line written while a request is being served carries that request's id (reqId). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { app: "glacial" },
      mixin() {
        const request = currentRequest();
        return request ? { reqId: request.requestId } : {};
      },
    },
    destination,
  );
}
