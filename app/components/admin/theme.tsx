import { Moon, Sun } from "lucide-react";
import { useEffect, useState } from "react";
import { useNonce } from "~/lib/nonce";

// Light/dark theme of the admin: follows the system until staff choose, then remembers the
// choice in this browser. The inline script runs before the first paint, so no flash.
const KEY = "glacial-admin-theme";
const SCRIPT = `(function(){try{var t=localStorage.getItem(${JSON.stringify(KEY)});var d=t?t==="dark":matchMedia("(prefers-color-scheme: dark)").matches;document.documentElement.classList.toggle("dark",d);document.documentElement.style.colorScheme=d?"dark":"light"}catch(e){}})()`;

export function ThemeScript() {
  const nonce = useNonce();
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}

export type Theme = "light" | "dark";

function applyTheme(theme: Theme) {
  document.documentElement.classList.toggle("dark", theme === "dark");
  document.documentElement.style.colorScheme = theme;
}

export function useAdminTheme(): [Theme, (t: Theme) => void] {
  const [theme, setTheme] = useState<Theme>("light");
  useEffect(() => {
    // On a document load the inline script already did this; after a client-side navigation into
    // the admin (from the sign-in page) React does not run inline scripts, so apply it here too.
    const media = matchMedia("(prefers-color-scheme: dark)");
    const stored = localStorage.getItem(KEY);
    const initial: Theme = stored === "dark" || stored === "light" ? stored : media.matches ? "dark" : "light";
    applyTheme(initial);
    setTheme(initial);
    const follow = () => {
      if (localStorage.getItem(KEY)) return;
      const next = media.matches ? "dark" : "light";
      applyTheme(next);
      setTheme(next);
    };
    media.addEventListener("change", follow);
    return () => {
      media.removeEventListener("change", follow);
      // Leaving the admin: the storefront has its own (light) look.
      document.documentElement.classList.remove("dark");
      document.documentElement.style.colorScheme = "";
    };
  }, []);
  return [
    theme,
    (next) => {
      localStorage.setItem(KEY, next);
      applyTheme(next);
      setTheme(next);
    },
  ];
}

export function ThemeToggle({ theme, onChange }: { theme: Theme; onChange: (t: Theme) => void }) {
  const dark = theme === "dark";
  return (
    <button
      type="button"
      onClick={() => onChange(dark ? "light" : "dark")}
      aria-label={dark ? "Switch to light theme" : "Switch to dark theme"}
      title={dark ? "Switch to light theme" : "Switch to dark theme"}
      className="inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      {dark ? <Sun aria-hidden className="size-5" /> : <Moon aria-hidden className="size-5" />}
    </button>
  );
}
