import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { isHomePageSetting } from "~/modules/settings/settings";


/**
 * Listens to /events/storefront and reloads the page's loader data (no page reload) when the
 * catalog, a home setting or staff-edited content (menu, FAQ) changes. Bursts of events (a product saved with its variants and
 * media) cause one reload.
 */
export function useLiveStorefront() {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/events/storefront");
    let timer: number | undefined;
    const schedule = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void revalidate.current(), 200);
    };
    source.addEventListener("ready", () => {
      document.documentElement.dataset.liveStorefront = "connected";
    });
    source.addEventListener("catalog", schedule);
    // The header menu (root loader) and the home FAQ.
    source.addEventListener("content", schedule);
    source.addEventListener("setting", (event) => {
      try {
        const { key } = JSON.parse((event as MessageEvent<string>).data) as { key?: string };
        if (key && isHomePageSetting(key)) schedule();
      } catch {
        schedule();
      }
    });
    return () => {
      window.clearTimeout(timer);
      source.close();
      delete document.documentElement.dataset.liveStorefront;
    };
  }, []);
}
