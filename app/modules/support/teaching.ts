import { z } from "zod";
import { classify } from "./bot-rules";
import { isStaffSender, type ChatMessage } from "./chat-input";

// Teaching the bot from the inbox: each staff reply is paired with the shopper's question it
// answered, so that staff can turn the pair into an FAQ entry, or the question into another way
// of asking an entry, in two clicks. Client-safe and pure.

export type TeachablePair = { id: string; question: string; answer: string; answeredBy: string };

/**
 * The shopper's last real question before each staff reply (not "talk to a human", a greeting or
 * thanks), with all the staff's replies to it until the shopper wrote again.
 */
export function teachablePairs(messages: readonly ChatMessage[]): TeachablePair[] {
  const pairs: TeachablePair[] = [];
  let question: ChatMessage | null = null;
  let current: TeachablePair | null = null;
  for (const m of messages) {
    if (m.senderType === "visitor") {
      const intent = classify(m.message);
      // A question about how tracking works or one only staff can decide is a question staff may teach.
      if (intent === "question" || intent === "track_howto" || intent === "staff_only") question = m;
      current = null;
    } else if (isStaffSender(m.senderType)) {
      if (current) current.answer = `${current.answer}\n${m.message}`;
      else if (question) {
        current = { id: question.id, question: question.message, answer: m.message, answeredBy: m.senderName };
        pairs.push(current);
        question = null;
      }
    }
  }
  return pairs;
}

/** The inbox's "add as a new FAQ entry" form. */
export const teachFaqForm = z.object({
  question: z.string().trim().min(1, "Enter the question.").max(300, "Keep the question under 300 characters."),
  answer: z.string().trim().min(1, "Enter the answer.").max(3000, "Keep the answer under 3000 characters."),
});

/** The inbox's "add as another way to ask" form. */
export const teachPhrasingForm = z.object({
  faqId: z.uuid("Choose the FAQ entry this question belongs to."),
  question: z.string().trim().min(1, "Enter the question.").max(300, "Keep the question under 300 characters."),
});
