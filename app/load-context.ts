import type { AppServices } from "./services.server";

declare module "react-router" {
  interface AppLoadContext {
    services: AppServices;
    /** This request's Content-Security-Policy nonce (server/app.ts). */
    cspNonce?: string;
  }
}

export {};
