import { z } from "zod";
import { chatMessageText } from "./chat-input";

/** The canned-reply form, shared by the admin page and the server. */
export const cannedReplySchema = z.object({
  title: z.string().trim().min(1, "Give the reply a short title.").max(80, "Keep the title under 80 characters."),
  body: chatMessageText,
});
export type CannedReplyInput = z.input<typeof cannedReplySchema>;
