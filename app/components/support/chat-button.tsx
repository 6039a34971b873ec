import { MessageCircle, X } from "lucide-react";
import type { ButtonHTMLAttributes, Ref } from "react";

/** The round support-chat button bottom-left, shared by the launcher and the widget. */
export function ChatButton({ open, ref, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { open: boolean; ref?: Ref<HTMLButtonElement> }) {
  return (
    <button
      ref={ref}
      type="button"
      aria-expanded={open}
      aria-label={open ? "Close support chat" : "Open support chat"}
      className="fixed bottom-4 left-4 z-50 flex h-14 w-14 items-center justify-center rounded-full bg-brand text-white shadow-lg transition hover:bg-slate-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-accent"
      {...props}
    >
      {open ? <X aria-hidden="true" className="h-6 w-6" /> : <MessageCircle aria-hidden="true" className="h-6 w-6" />}
    </button>
  );
}
