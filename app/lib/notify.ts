import type { ExternalToast } from "sonner";
import { afterNextFrame } from "./after-next-frame";

// Toasts for code on every storefront page: sonner is imported on first use and each toast waits
// until the lazily loaded Toaster is mounted (a toast raised before that would be lost). The
// Toaster itself mounts only once a toast is wanted, so a page that never toasts never loads sonner.
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => (markMounted = resolve));
let wanted = false;
const wantListeners = new Set<() => void>();

/** Calls `listener` once a toast is wanted (at once if one already was); returns the unsubscribe. */
export function onToastWanted(listener: () => void): () => void {
  if (wanted) listener();
  else wantListeners.add(listener);
  return () => {
    wantListeners.delete(listener);
  };
}

/** Called by the Toaster once it listens. */
export function toasterMounted(): void {
  markMounted();
}

function show(kind: "success" | "error", message: string, options?: ExternalToast): void {
  // A toast is raised with the tap that caused it (Add to Cart): its toaster's mounting and
  // sonner's import start once the frame answering that tap has been painted, so they do not
  // delay that frame on a slow phone.
  afterNextFrame(() => {
    if (!wanted) {
      wanted = true;
      for (const listener of wantListeners) listener();
      wantListeners.clear();
    }
    void Promise.all([import("sonner"), mounted]).then(([{ toast }]) => toast[kind](message, options));
  });
}

export const notify = {
  success: (message: string, options?: ExternalToast) => show("success", message, options),
  error: (message: string, options?: ExternalToast) => show("error", message, options),
};
