import { lazy, Suspense, useEffect, useState } from "react";
import { onToastWanted } from "~/lib/notify";

// sonner loads with the first toast (~/lib/notify), not with the page: most page views never
// toast. The toast waits for it.
const SonnerToaster = lazy(() => import("./sonner-toaster").then((m) => ({ default: m.SonnerToaster })));

export function Toaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => onToastWanted(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
