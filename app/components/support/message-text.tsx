import { linkifyText } from "~/modules/support/support";

/**
 * A chat message as plain text with safe links: text stays text nodes (React escapes it), and
 * only http(s) addresses and the shop's own paths become links.
 */
export function MessageText({ text, tone = "light" }: { text: string; tone?: "light" | "dark" }) {
  const linkClass = tone === "dark" ? "underline text-white" : "underline text-teal-800";
  return (
    <>
      {linkifyText(text).map((segment, i) =>
        segment.type === "text" ? (
          <span key={i}>{segment.text}</span>
        ) : segment.external ? (
          <a key={i} href={segment.href} target="_blank" rel="noopener noreferrer nofollow ugc" className={linkClass}>
            {segment.text}
          </a>
        ) : (
          <a key={i} href={segment.href} className={linkClass}>
            {segment.text}
          </a>
        ),
      )}
    </>
  );
}
