import { z } from "zod";
import { findControlCharacter } from "~/lib/control-characters";
import { normaliseIndianMobile } from "~/lib/india";

export { normaliseIndianMobile };

// The chat's input rules, shared by the widget (to tell the visitor before sending) and the
// server (which never trusts the widget). Client-safe: no server imports.

export const MAX_MESSAGE_CHARS = 2000;

export { CHAT_LINK_FRAGMENT, parseChatLink } from "./chat-link";

export const NAME_REQUIRED = { title: "Name Required", description: "Please provide your name to start chat" } as const;
export const SEND_FAILED = { title: "Error", description: "Failed to send message. Please try again." } as const;
export const MESSAGE_TOO_LONG = `Messages can be at most ${MAX_MESSAGE_CHARS.toLocaleString("en-IN")} characters.`;
export const PHONE_INVALID = "Enter a valid Indian mobile number: 10 digits starting with 6, 7, 8 or 9 (optionally with +91).";
export const CONTROL_CHARACTERS = "Messages cannot contain control characters.";
export const EMAIL_INVALID = "Enter a valid email address, like name@example.com.";

/**
 * Characters as a person counts them (code points), which is also what PostgreSQL's char_length
 * counts. Counting stops once past `stopAfter`: a huge text is judged too long without walking it.
 */
export function charCount(text: string, stopAfter = Number.POSITIVE_INFINITY): number {
  // Two UTF-16 units per code point at most: a text this long is over any limit below half of it.
  if (text.length > stopAfter * 2) return stopAfter + 1;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is one character.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    if (++n > stopAfter) return n;
  }
  return n;
}

const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v ? v : undefined));

/** Step one of the widget (intake form). */
export const visitorInfoSchema = z.object({
  name: z.string().trim().min(1, NAME_REQUIRED.description).max(100, "Please use at most 100 characters for your name."),
  email: optionalText.pipe(z.email(EMAIL_INVALID).optional()),
  phone: optionalText.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const phone = normaliseIndianMobile(v);
    if (!phone) {
      ctx.addIssue({ code: "custom", message: PHONE_INVALID });
      return z.NEVER;
    }
    return phone;
  }),
});
export type VisitorInfo = z.output<typeof visitorInfoSchema>;

export const chatMessageText = z
  .string()
  .trim()
  .min(1, "Type a message first.")
  .refine((s) => charCount(s, MAX_MESSAGE_CHARS) <= MAX_MESSAGE_CHARS, MESSAGE_TOO_LONG)
  .refine((s) => findControlCharacter(s) === null, CONTROL_CHARACTERS);

/** A visitor's chat message as POST /api/support/chat takes it: conversationId null on the first message, with the visitor info. */
export const sendChatSchema = z
  .object({
    conversationId: z.uuid("Invalid conversation.").nullable(),
    message: chatMessageText,
    visitorInfo: visitorInfoSchema.optional(),
    /** The storefront path the visitor is on, for the staff's "pages visited". */
    page: z
      .string()
      .max(300)
      .regex(/^\/[^\s]*$/)
      .optional()
      .catch(undefined),
  })
  .refine((v) => v.conversationId !== null || v.visitorInfo !== undefined, {
    message: NAME_REQUIRED.description,
    path: ["visitorInfo"],
  });
export type SendChatInput = z.input<typeof sendChatSchema>;

/** A message as the widget and the inbox receive it. */
export type ChatMessage = {
  id: string;
  seq: number;
  conversationId: string;
  senderType: string;
  senderName: string;
  message: string;
  createdAt: string;
};

/** Staff replies are typed by role; everything that is neither visitor nor ai is staff. */
export function isStaffSender(senderType: string): boolean {
  return senderType !== "visitor" && senderType !== "ai";
}
