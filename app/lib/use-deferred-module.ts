import { useEffect, useState } from "react";
import { afterNextFrame } from "./after-next-frame";

// Panels whose code loads on their first opening (the cart drawer, the mobile menu, the chat). The
// loading starts after the frame that answers the tap, not in the tap's own render: React's lazy()
// starts it there, and the bundler's preloading then appends a <link rel="modulepreload"> per chunk
// of the panel in the middle of that render, which held the answering frame up by 20-50 ms at 4x
// CPU (docs/performance.md, 2026-11-28 evening). Until the code is there, the caller shows its
// loading panel.

const loaded = new Map<() => Promise<unknown>, unknown>();

/** Starts loading a module ahead of need (a pointer over the button, focus on it); what it loads is kept for `useDeferredModule`. */
export function preloadModule<T>(load: () => Promise<T>): Promise<T> {
  return load().then((value) => {
    loaded.set(load, value);
    return value;
  });
}

/**
 * What `load` resolves to, once `wanted` has been true for a frame and the module has arrived;
 * null until then. `load` must be a stable function (defined at module level): it keys what has
 * been loaded, so a panel opened again gets its code at once.
 */
export function useDeferredModule<T>(load: () => Promise<T>, wanted: boolean): T | null {
  const [value, setValue] = useState<T | null>(() => (loaded.has(load) ? (loaded.get(load) as T) : null));
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (!wanted || value !== null) return;
    let live = true;
    const cancel = afterNextFrame(() => {
      preloadModule(load).then(
        (v) => live && setValue(() => v),
        (error: unknown) => live && setFailure({ error }),
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [wanted, value, load]);
  // A module that cannot be loaded (the network dropped, or a new release replaced its file) fails
  // as React's lazy() fails: the route's error boundary shows it.
  if (failure) throw failure.error;
  return value;
}
