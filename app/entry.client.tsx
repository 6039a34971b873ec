import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { HYDRATING_EVENT } from "./lib/hydration-events";

// React Router's default client entry, plus the announcement the storefront's loader waits for.
window.dispatchEvent(new Event(HYDRATING_EVENT));
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
