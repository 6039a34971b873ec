import type { Server } from "node:http";

/** The document with every script that would run, and every module preload, taken out. */
export function withoutScripts(html: string): string;
/** Starts the proxy in front of `upstream`; resolves to the listening server. */
export function serveDocumentAlone(options: { upstream: string; port: number; host?: string }): Promise<Server>;
