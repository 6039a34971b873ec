// Pure rules of the storefront popup, kept apart from React for tests.

export type PopupView = {
  id: string;
  title: string;
  description: string | null;
  emailCollection: boolean;
  consentText: string | null;
  ctaText: string;
  ctaLink: string | null;
  imageUrl: string | null;
  showFrequency: string;
  delaySeconds: number;
  showOnPages: string[];
};

export const POPUP_SESSION_KEY = "popup_last_shown";
export const POPUP_LOCAL_KEY = "popup_last_shown";
export const DAY_MS = 24 * 60 * 60 * 1000;

/** show_on_pages defaults to ['all'] when it is not an array. */
export function normaliseShowOnPages(value: unknown): string[] {
  if (!Array.isArray(value)) return ["all"];
  return value.filter((v): v is string => typeof v === "string");
}

/** 'all' matches every page; 'home' or '/' the home page; otherwise the path itself (trailing slash ignored). */
export function popupMatchesPage(showOnPages: unknown, pathname: string): boolean {
  const pages = normaliseShowOnPages(showOnPages);
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return pages.some((p) => {
    const page = p.trim();
    if (page === "all") return true;
    if (page === "home") return path === "/";
    const normalised = page.length > 1 ? page.replace(/\/+$/, "") : page;
    return normalised === path;
  });
}

/** Reads a stored timestamp (milliseconds); anything unreadable counts as never shown. */
export function readShownAt(raw: string | null): number | null {
  if (!raw) return null;
  const n = Number(raw);
  if (Number.isFinite(n) && n > 0) return n;
  const parsed = Date.parse(raw);
  return Number.isNaN(parsed) ? null : parsed;
}

/**
 * once_per_session: suppressed once shown in this browser session.
 * once_per_day: suppressed when last shown less than 24 hours ago.
 * Any other value: always shown.
 */
export function isPopupSuppressed(frequency: string, shown: { session: number | null; local: number | null }, now: number): boolean {
  if (frequency === "once_per_session") return shown.session !== null;
  if (frequency === "once_per_day") return shown.local !== null && now - shown.local < DAY_MS && now >= shown.local;
  return false;
}

export function popupDelayMs(delaySeconds: number): number {
  return Number.isFinite(delaySeconds) && delaySeconds > 0 ? delaySeconds * 1000 : 0;
}

/** The alert text when the call to action must not proceed, or null. */
export function popupSubmitProblem(popup: Pick<PopupView, "emailCollection" | "consentText">, form: { email: string; consented: boolean }): string | null {
  if (!popup.emailCollection) return null;
  if (!form.email.trim()) return "Please enter your email";
  if (popup.consentText && !form.consented) return "Please agree to receive email communications";
  return null;
}
