import type { AppServices } from "./services.server";

declare module "react-router" {
  interface AppLoadContext {
    services: AppServices;
  }
}

export {};
