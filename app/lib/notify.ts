import type { ExternalToast } from "sonner";

// Toasts for code on every storefront page: sonner is imported on first use and each toast waits
// until the lazily loaded Toaster is mounted (a toast raised before that would be lost).
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => (markMounted = resolve));

/** Called by the Toaster once it listens. */
export function toasterMounted(): void {
  markMounted();
}

function show(kind: "success" | "error", message: string, options?: ExternalToast): void {
  void Promise.all([import("sonner"), mounted]).then(([{ toast }]) => toast[kind](message, options));
}

export const notify = {
  success: (message: string, options?: ExternalToast) => show("success", message, options),
  error: (message: string, options?: ExternalToast) => show("error", message, options),
};
