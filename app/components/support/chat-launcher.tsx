import { useEffect, useState } from "react";
import { earlyTap } from "~/lib/early-taps";
import { preloadModule, useDeferredModule } from "~/lib/use-deferred-module";
import { CHAT_LINK_FRAGMENT } from "~/modules/support/support";
import { ChatPanelLoading } from "~/components/storefront/loading-panels";
import { ChatButton } from "./chat-button";

// The chat's code (its form schema, the link finder, the live stream) loads on the first click
// (or when the pointer or focus reaches the button), keeping it out of every page's initial
// JavaScript; until it is there, the chat's loading panel answers the click in its own frame.
const loadWidget = () => import("./chat-widget").then((m) => m.ChatWidget);

// Loading ahead is a head start only: if it fails, the click loads it again (and shows a failure).
const warmUp = () => void preloadModule(loadWidget).catch(() => {});
// A mouse rests over the button before it clicks; a finger's pointer arrives with the tap itself,
// where starting the load would only add the bundler's preload links to the tap's own work.
const warmUpForMouse = (e: React.PointerEvent) => {
  if (e.pointerType === "mouse") warmUp();
};
// Likewise a keyboard's focus (Tab) comes before its Enter; a tap focuses the button too, in the
// tap itself, and starting the load there took 40-50 ms of a settled tap at 4x CPU (trace,
// 2026-11-29). The browser shows a focus ring only for the keyboard's kind.
const warmUpForKeyboard = (e: React.FocusEvent<HTMLElement>) => {
  if (e.currentTarget.matches(":focus-visible")) warmUp();
};

export function ChatLauncher() {
  const [wanted, setWanted] = useState(false);
  // A reply email's link (/#chat=...) opens the chat at once on that conversation.
  useEffect(() => {
    if (window.location.hash.startsWith(`#${CHAT_LINK_FRAGMENT}=`)) setWanted(true);
  }, []);
  const ChatWidget = useDeferredModule(loadWidget, wanted);
  // Loaded ahead (a pointer over the button) is not opened: only a click, or a reply's link, opens it.
  if (wanted && ChatWidget) return <ChatWidget initiallyOpen />;
  if (wanted)
    return (
      <>
        <ChatButton open={false} aria-busy="true" />
        <ChatPanelLoading />
      </>
    );
  return <ChatButton open={false} {...earlyTap("chat")} onPointerEnter={warmUpForMouse} onFocus={warmUpForKeyboard} onClick={() => setWanted(true)} />;
}
