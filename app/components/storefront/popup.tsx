import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { whenIdle } from "~/lib/when-idle";
import { isPopupSuppressed, POPUP_LOCAL_KEY, POPUP_SESSION_KEY, popupDelayMs, popupMatchesPage, readShownAt, type PopupView } from "~/modules/marketing/marketing";

// The dialog's code loads only when the popup is about to open.
const PopupDialog = lazy(() => import("./popup-dialog").then((m) => ({ default: m.PopupDialog })));

// The marketing popup. Loaded after the page mounts, shown after
// delay_seconds on the pages it names, unless its frequency rule suppresses it.
export function StorefrontPopup() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [popup, setPopup] = useState<PopupView | null | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const shownThisView = useRef(false);

  useEffect(() => {
    if (popup !== undefined) return;
    let cancelled = false;
    // Asked for once the page is idle, not in the task that finishes hydration (starting a fetch
    // costs the main thread 2-3 ms there); the popup shows seconds later in any case.
    const cancelRequest = whenIdle(() =>
      fetch("/api/popup", { headers: { Accept: "application/json" } })
        .then((res) => (res.ok ? (res.json() as Promise<{ popup: PopupView | null }>) : { popup: null }))
        .then((body) => !cancelled && setPopup(body.popup))
        .catch((error: unknown) => {
          // A popup load failure is logged only.
          console.warn("popup could not be loaded", error);
          if (!cancelled) setPopup(null);
        }),
    );
    return () => {
      cancelled = true;
      cancelRequest();
    };
  }, [popup]);

  useEffect(() => {
    if (!popup || open || shownThisView.current) return;
    if (!popupMatchesPage(popup.showOnPages, pathname)) return;
    const timer = window.setTimeout(() => {
      // Storage is read when the popup is due, not while the page is still loading: a page's first
      // localStorage read blocks the main thread while the browser opens the site's storage.
      const shown = { session: readShownAt(safeGet(() => sessionStorage.getItem(POPUP_SESSION_KEY))), local: readShownAt(safeGet(() => localStorage.getItem(POPUP_LOCAL_KEY))) };
      if (isPopupSuppressed(popup.showFrequency, shown, Date.now())) return;
      shownThisView.current = true;
      setOpen(true);
    }, popupDelayMs(popup.delaySeconds));
    return () => window.clearTimeout(timer);
  }, [popup, pathname, open]);

  if (!popup || (!open && !shownThisView.current)) return null;

  const close = () => {
    const now = String(Date.now());
    safeGet(() => sessionStorage.setItem(POPUP_SESSION_KEY, now));
    safeGet(() => localStorage.setItem(POPUP_LOCAL_KEY, now));
    setOpen(false);
  };
  const finish = () => {
    close();
    if (popup.ctaLink) {
      if (/^https?:\/\//i.test(popup.ctaLink)) window.location.assign(popup.ctaLink);
      else navigate(popup.ctaLink);
    }
  };

  return (
    <Suspense fallback={null}>
      <PopupDialog popup={popup} open={open} onClose={close} onDone={finish} />
    </Suspense>
  );
}

function safeGet<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}
