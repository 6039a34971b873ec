import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HYDRATING_EVENT } from "./lib/hydration-events";
import { HydratedRouterMade, makeRouterInSteps } from "./lib/router-in-steps";

// React Router's default client entry, with the router made in short tasks before React renders
// (lib/router-in-steps.tsx), and the announcement the storefront's loader waits for.
void makeRouterInSteps().then((made) => {
  window.dispatchEvent(new Event(HYDRATING_EVENT));
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouterMade made={made} />
      </StrictMode>,
    );
  });
});
