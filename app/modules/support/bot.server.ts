import { eq } from "drizzle-orm";
import type { ChatMessage } from "./chat-input";
import { afterNoMatch, classify, planReply, type BotStep, type ConversationState } from "./bot-rules";
import { insertMessage, lockConversation, publishConversation, publishMessage, type Conversation, type SupportDeps } from "./conversations.server";
import { phraseWithLlm } from "./llm.server";
import { answerFrom, indexedCorpus, isGoodMatch, rankPassages } from "./retrieval.server";
import { supportConversations } from "./schema";

export const BOT_SENDER = "ai";
export const BOT_NAME = "GLACIAL Assistant";

export const BOT_TEXT = {
  handoverAsked: "Of course. I have passed your chat to our support team: a team member will reply here shortly.",
  handoverUnmatched:
    "I could not find an answer to that either, so I have passed your chat to our support team: a team member will reply here shortly.",
  noMatch:
    'Sorry, I could not find an answer to that in our help pages. Could you put it another way? You can also type "talk to a human" to reach our team.',
  order:
    'Order tracking in this chat is coming soon. A team member can check your order for you now: type "talk to a human" and I will pass your chat on (please have your order number ready).',
  thanks: "You are welcome! Is there anything else I can help you with?",
  greeting: (name: string) =>
    `Hi ${name}! I am GLACIAL's assistant. Ask me about our bottles and tumblers, sizes, prices, stock, shipping, returns or the warranty. Type "talk to a human" at any time to reach our team.`,
};

function stateOf(c: Conversation): ConversationState {
  return { status: c.status, staffReplied: c.staffRepliedAt !== null, unmatched: c.botUnmatched };
}

/**
 * The bot's reply to one visitor message, stored as sender_type 'ai' (or nothing when the bot
 * stays silent). Never throws for a bot problem: the visitor's message is already stored.
 */
export async function replyAsBot(deps: SupportDeps, conversation: Conversation, visitorText: string): Promise<ChatMessage | null> {
  try {
    return await reply(deps, conversation, visitorText);
  } catch (error) {
    deps.log?.error({ err: error, conversationId: conversation.id }, "the support bot failed");
    return null;
  }
}

async function reply(deps: SupportDeps, conversation: Conversation, visitorText: string): Promise<ChatMessage | null> {
  const state = stateOf(conversation);
  let step: BotStep | { kind: "no_match" } = planReply(classify(visitorText), state);
  let text: string | null = null;
  let unmatched = state.unmatched;

  if (step.kind === "answer") {
    const ranked = await rankPassages(deps.db, visitorText, await indexedCorpus(deps.db, deps.events));
    const best = ranked[0];
    if (isGoodMatch(best)) {
      unmatched = 0;
      text = answerFrom(best.passage);
      if (deps.llm) {
        const good = ranked.filter(isGoodMatch).map((r) => r.passage);
        text = (await phraseWithLlm(deps.llm, visitorText, good)) ?? text;
      }
    } else {
      step = afterNoMatch(state);
      if (step.kind === "no_match") unmatched += 1;
    }
  }
  if (step.kind === "silent") return null;
  if (step.kind === "handover") text = step.reason === "asked" ? BOT_TEXT.handoverAsked : BOT_TEXT.handoverUnmatched;
  if (step.kind === "no_match") text = BOT_TEXT.noMatch;
  if (step.kind === "order") text = BOT_TEXT.order;
  if (step.kind === "thanks") text = BOT_TEXT.thanks;
  if (step.kind === "greeting") text = BOT_TEXT.greeting(conversation.visitorName);
  if (!text) return null;

  const handover = step.kind === "handover";
  const stored = await deps.db.transaction(async (tx) => {
    const current = await lockConversation(tx, conversation.id);
    // Staff may have replied while the bot was thinking: from then on it stays out.
    if (current.staffRepliedAt) return null;
    const message = await insertMessage(tx, current.id, { senderType: BOT_SENDER, senderName: BOT_NAME, message: text });
    await tx
      .update(supportConversations)
      .set({ botUnmatched: handover ? 0 : unmatched, ...(handover ? { status: "waiting_for_staff" as const } : {}) })
      .where(eq(supportConversations.id, current.id));
    return message;
  });
  if (!stored) return null;
  if (handover) await publishConversation(deps, conversation.id, "status");
  await publishMessage(deps, stored);
  return stored.message;
}
