import { lazy, Suspense, useEffect, useState } from "react";

// sonner loads once the page is interactive, not with the page's initial JavaScript; toasts asked
// for before then (through ~/lib/notify) wait for it.
const SonnerToaster = lazy(() => import("./sonner-toaster").then((m) => ({ default: m.SonnerToaster })));

export function Toaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
