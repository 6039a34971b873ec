import { lazy, Suspense, useEffect, useState } from "react";
import { earlyTap } from "~/lib/early-taps";
import { CHAT_LINK_FRAGMENT } from "~/modules/support/support";
import { ChatPanelLoading } from "~/components/storefront/loading-panels";
import { ChatButton } from "./chat-button";

// The chat's code (its form schema, the link finder, the live stream) loads on the first click
// (or when the pointer or focus reaches the button), keeping it out of every page's initial JavaScript.
const loadWidget = () => import("./chat-widget");
const ChatWidget = lazy(() => loadWidget().then((m) => ({ default: m.ChatWidget })));

export function ChatLauncher() {
  const [wanted, setWanted] = useState(false);
  // A reply email's link (/#chat=...) opens the chat at once on that conversation.
  useEffect(() => {
    if (window.location.hash.startsWith(`#${CHAT_LINK_FRAGMENT}=`)) setWanted(true);
  }, []);
  if (wanted)
    return (
      <Suspense
        fallback={
          <>
            <ChatButton open={false} aria-busy="true" />
            <ChatPanelLoading />
          </>
        }
      >
        <ChatWidget initiallyOpen />
      </Suspense>
    );
  return <ChatButton open={false} {...earlyTap("chat")} onPointerEnter={() => void loadWidget()} onFocus={() => void loadWidget()} onClick={() => setWanted(true)} />;
}
