import { useEffect, useState } from "react";
import { toasterMounted } from "~/lib/notify";
import { Toaster as Sonner } from "sonner";

type Theme = "light" | "dark" | "system";

/** The theme the page shows: a `dark` or `light` class on <html> (set by a theme toggle) wins; otherwise the system's. */
function useDocumentTheme(): Theme {
  const [theme, setTheme] = useState<Theme>("system");
  useEffect(() => {
    const root = document.documentElement;
    const read = () => setTheme(root.classList.contains("dark") ? "dark" : root.classList.contains("light") ? "light" : "system");
    read();
    const observer = new MutationObserver(read);
    observer.observe(root, { attributes: true, attributeFilter: ["class"] });
    return () => observer.disconnect();
  }, []);
  return theme;
}

/** The one toaster of the app: one toast at a time, bottom-right, following light/dark/system theme. */
export function SonnerToaster() {
  const theme = useDocumentTheme();
  useEffect(toasterMounted, []);
  return <Sonner theme={theme} position="bottom-right" visibleToasts={1} closeButton offset={{ bottom: 88, right: 24 }} mobileOffset={{ bottom: 88 }} />;
}
