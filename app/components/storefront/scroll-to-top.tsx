import { ArrowUp } from "lucide-react";
import { useEffect, useState } from "react";

export const SCROLL_TO_TOP_AFTER_PX = 300;

/** Round button, bottom-right, once the page has scrolled more than 300 px. */
export function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TO_TOP_AFTER_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label="Scroll to top"
      onClick={() => window.scrollTo({ top: 0, behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" })}
      className="fixed right-6 bottom-6 z-30 inline-flex size-12 items-center justify-center rounded-full bg-brand text-white shadow-lg hover:bg-brand/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-accent"
    >
      <ArrowUp className="size-5" aria-hidden="true" />
    </button>
  );
}
