import { eq } from "drizzle-orm";
import { formatPaise } from "~/lib/money";
import { trackOrder, type TrackedOrder } from "~/modules/orders/orders.server";
import { trackingLink } from "~/modules/orders/orders";
import { checkLimit, recordHit } from "~/modules/rate-limit/rate-limit.server";
import { getMaintenanceState, getSetting } from "~/modules/settings/settings.server";
import type { ChatMessage } from "./chat-input";
import { afterNoMatch, asksUncoveredTopic, classify, findContact, findOrderNumber, onlyNamesOrder, planReply, trackingNeeds, type BotStep, type ConversationState } from "./bot-rules";
import { insertMessage, lockConversation, publishConversation, publishMessage, type Conversation, type SupportDeps } from "./conversations.server";
import { phraseWithLlm } from "./llm.server";
import { catalogAnswer } from "./catalog-answers";
import { askingPart, asksForProduct, asksHowTo, asksShopGstin } from "./language";
import { answerFrom, catalogProducts, isCatalogue, isGoodMatch, missesStory, namesOtherProduct, pickAnswer, prepareQuestion, shippingRule, gstRule, knowledgeIndex, searchKnowledge, type Ranked } from "./retrieval.server";
import { supportConversations, type BotState } from "./schema";

export const BOT_SENDER = "ai";
export const BOT_NAME = "GLACIAL Assistant";

const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" });

export const BOT_TEXT = {
  handoverAsked: "Of course. I have passed your chat to our support team: a team member will reply here shortly.",
  handoverUnmatched:
    "I could not find an answer to that either, so I have passed your chat to our support team: a team member will reply here shortly.",
  noMatch:
    'Sorry, I could not find an answer to that in our help pages. Could you put it another way? You can also type "talk to a human" to reach our team.',
  orderAskBoth:
    "I can check that for you. Please send your order number (like GL-000123) and the email or mobile number you gave at checkout.",
  // A question about how or where to track, when the shop's own text has no answer to quote.
  trackingHowTo:
    "You can track an order any time at /track-order with its order number (like GL-000123) and the email or mobile number you gave at checkout. Send me the same two details and I will look it up here.",
  trackingOffer:
    "If you would like, I can look your order up here too: send its order number (like GL-000123) and the email or mobile number you gave at checkout. With the same two details you can also track it any time at /track-order.",
  handoverStaffOnly:
    "Only our team can answer that one, so I have passed your chat to our support team: a team member will reply here shortly.",
  orderAskNumber: "Thanks. What is the order number? It starts with GL-, like GL-000123, and is in your confirmation email.",
  orderAskContact: "Thanks. Which email or mobile number did you give at checkout? I need it to show you the order.",
  orderNumberOffer: (number: string) => `If you would like me to look up order ${number} here, send the email or mobile number you gave at checkout.`,
  orderNotFound:
    'I could not find an order with that number and that email or mobile number. Please check both and send them again, or type "talk to a human".',
  orderTooManyTries:
    'For your security I cannot look up more orders in this chat. Type "talk to a human" and our team will check your order with you, or use /track-order later.',
  orderLimited: (minutes: number) =>
    `There have been too many tries to look up that order. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or type "talk to a human".`,
  thanks: "You are welcome! Is there anything else I can help you with?",
  greeting: (name: string) =>
    `Hi ${name}! I am GLACIAL's assistant. Ask me about our bottles and tumblers, sizes, prices, stock, shipping, returns or the warranty, or track an order. Type "talk to a human" at any time to reach our team.`,
  maintenance: (message: string) =>
    `Our shop is closed for maintenance at the moment${message ? ` (${message.replace(/\s+/g, " ").trim().replace(/[.!]$/, "")})` : ""}, but this chat stays open: I can answer questions and track orders, and our team can reply here.`,
};

/** How an order's status reads to a shopper. */
const SHOPPER_STATUS: Record<string, string> = {
  pending_payment: "waiting for payment",
  processing: "confirmed and being prepared for dispatch",
  shipped: "on its way",
  delivered: "delivered",
  cancelled: "cancelled",
};

export function orderAnswer(o: TrackedOrder): string {
  const items = `${o.itemCount} item${o.itemCount === 1 ? "" : "s"}`;
  const lines = [`Order ${o.number}, placed ${when.format(o.placedAt)} (${items}, ${formatPaise(o.totalPaise)}), is ${SHOPPER_STATUS[o.status] ?? o.status}.`];
  if (o.carrier && o.trackingNumber) {
    lines.push(`Carrier: ${o.carrier}, tracking number ${o.trackingNumber}.`);
    const link = trackingLink(o.carrier, o.trackingNumber);
    if (link) lines.push(`Follow the parcel here: ${link}`);
  }
  lines.push("Details any time: /track-order");
  return lines.join("\n");
}

function stateOf(c: Conversation): ConversationState {
  return { status: c.status, staffReplied: c.staffRepliedAt !== null, unmatched: c.botUnmatched };
}

/** What the bot says to a question on its own (no conversation): the answer, or null when it does not know. */
export type Understood = { text: string; best: Ranked | null } | null;

/** How much less of the whole message the asking part's answer may cover and still be preferred (see understand). */
const ASKED_MARGIN = 0.15;
/** The same, when the whole message found only a product it neither names nor asks for (see understand). */
const STORY_PRODUCT_MARGIN = 0.25;

/** Retrieval alone: the built-in answer for a question, or null. Used by the bot and by its evaluation. */
export async function understand(deps: Pick<SupportDeps, "db" | "events">, question: string): Promise<Understood> {
  const index = await knowledgeIndex(deps.db, deps.events);
  // The shop's own GSTIN is quoted when staff entered it; without it, how GST invoices work is no
  // answer to a vendor form asking for the number: the team gives it.
  if (asksShopGstin(question)) {
    const gstin = index.passages.find((p) => p.sellerGstin);
    return gstin ? { text: answerFrom(gstin), best: null } : null;
  }
  // A price at a size, the cheapest of a kind, whether a size exists, the largest or smallest size
  // and whether shipping is free for an amount are computed, not found in a passage (but not for
  // another brand's bottle).
  const computed = namesOtherProduct(index, question) ? null : catalogAnswer(catalogProducts(index), question, shippingRule(index), gstRule(index));
  if (computed) return { text: computed, best: null };
  // The passage that answers (pickAnswer says which may).
  const howTo = asksHowTo(question);
  const wantsProduct = asksForProduct(question);
  const good = (ranked: Ranked[]) => pickAnswer(ranked, { howTo, wantsProduct });
  // A question told through a story: when the whole message finds no answer, the part that asks
  // is what must be answered, with the story's words as context.
  const asking = askingPart(question);
  const fromAsking = (part: string) => {
    const found = good(searchKnowledge(index, question, 3, part));
    return found && !missesStory(index, question, part, found) ? found : undefined;
  };
  const ranked = searchKnowledge(index, question, 16);
  // A topic the shop's text does not cover is answered only by an FAQ entry staff taught for it.
  if (asksUncoveredTopic(question)) {
    const taught = ranked.slice(0, 3).find((r) => r.passage.source === "faq" && isGoodMatch(r));
    return taught ? { text: answerFrom(taught.passage), best: taught } : null;
  }
  const whole = good(ranked.slice(0, 3));
  // The whole message's best passage may owe its place to the story ("return after 10 days? the
  // gift is not given yet" finds engraving gifts): when it misses a word the asking part turns on,
  // and the asking part's own answer, on another subject (not another paragraph of the same page,
  // where the whole message's words choose better), holds them all and covers the whole message
  // nearly as well, that one answers.
  // Read lazily: most messages have no asking part, or a whole-message answer that holds its words.
  const askedWords = asking && whole ? prepareQuestion(index, asking).words.filter((w) => !w.weak && !w.context && !/^\d+$/.test(w.word)).map((w) => w.word) : [];
  const missesAsked = (r: Ranked) => askedWords.some((w) => r.missed.includes(w));
  // A product the message neither names nor asks for, found by words of the story ("Which grade of
  // steel do you use? Some cheap bottles are 201 steel." finds a bottle by "cheap"), is weighed
  // against the asking part's own answer too.
  const unnamedProduct = (r: Ranked) => !wantsProduct && isCatalogue(r) && !r.namesProduct;
  const fromAsked = asking && (!whole || missesAsked(whole) || unnamedProduct(whole)) ? fromAsking(asking) : undefined;
  const nearly = (r: Ranked, margin = ASKED_MARGIN) => (ranked.find((x) => x.passage === r.passage)?.coverage ?? 0) >= (whole?.coverage ?? 0) - margin;
  const samePage = (a: Ranked, b: Ranked) => a.passage.source === "page" && b.passage.source === "page" && a.passage.link === b.passage.link;
  // A product the message does not name, found through its story ("for my son... school bag" finds
  // the kids' bottle), is no answer to an asking part about the shop's terms ("how long is your
  // warranty"): the shop's own text that holds the asked words answers, however much less of the
  // story it covers (as in pickAnswer, unless the message asks for a product).
  const storyProduct = (w: Ranked, a: Ranked) => unnamedProduct(w) && !isCatalogue(a);
  const switches = (w: Ranked, a: Ranked) =>
    !missesAsked(a) && !samePage(w, a) && ((missesAsked(w) && (nearly(a) || storyProduct(w, a))) || (storyProduct(w, a) && nearly(a, STORY_PRODUCT_MARGIN)));
  const best = whole && fromAsked && switches(whole, fromAsked) ? fromAsked : (whole ?? fromAsked);
  return best ? { text: answerFrom(best.passage), best } : null;
}

/** The FAQ entry closest to a question, even below the answering bar: staff teaching the bot start from it. */
export async function closestFaq(deps: Pick<SupportDeps, "db" | "events">, question: string): Promise<string | null> {
  const ranked = searchKnowledge(await knowledgeIndex(deps.db, deps.events), question, 12);
  return ranked.find((r) => r.passage.source === "faq" && r.coverage > 0)?.passage.faqId ?? null;
}

/** The bot's hands-off preview of a first message in a new conversation: what it would answer, or null (it would hand over). */
export async function previewReply(deps: Pick<SupportDeps, "db" | "events">, text: string): Promise<{ kind: BotStep["kind"] | "no_match"; text: string | null }> {
  const intent = classify(text);
  const step = planReply(intent, { status: "open", staffReplied: false, unmatched: 0 });
  // An order question opens the tracking flow: its first reply asks for what is missing, as in a
  // chat (a lookup itself is not previewed: it needs the store's orders and counts against limits).
  if (step.kind === "order") {
    const beside = await answerBesideOrder(deps, text);
    return beside ? { kind: "answer", text: beside.text } : { kind: step.kind, text: orderAsk({ number: findOrderNumber(text), contact: findContact(text) }) };
  }
  if (step.kind !== "answer") return { kind: step.kind, text: null };
  const understood = await understand(deps, text);
  if (step.offerTracking) return understood ? { kind: "answer", text: `${understood.text}\n\n${BOT_TEXT.trackingOffer}` } : { kind: "order", text: BOT_TEXT.trackingHowTo };
  return understood ? { kind: "answer", text: understood.text } : { kind: "no_match", text: null };
}

/**
 * A message naming an order by its number with a question of its own beside it ("order GL-000318
 * came dented, which email for the photos?"): the shop's answer to that question, with the lookup
 * of that order offered; null when the message is a plain lookup or the question has no answer.
 */
async function answerBesideOrder(deps: Pick<SupportDeps, "db" | "events">, text: string): Promise<{ text: string; number: string } | null> {
  const number = findOrderNumber(text);
  if (!number || !onlyNamesOrder(text)) return null;
  const understood = await understand(deps, text);
  return understood ? { text: `${understood.text}\n\n${BOT_TEXT.orderNumberOffer(number)}`, number } : null;
}

/**
 * The bot's reply to one visitor message, stored as sender_type 'ai' (or nothing when the bot
 * stays silent). Never throws for a bot problem: the visitor's message is already stored.
 */
export async function replyAsBot(
  deps: SupportDeps,
  conversation: Conversation,
  visitorText: string,
  ctx: { clientIp?: string; firstMessage?: boolean } = {},
): Promise<ChatMessage | null> {
  try {
    return await reply(deps, conversation, visitorText, { clientIp: ctx.clientIp ?? "unknown", firstMessage: ctx.firstMessage ?? false });
  } catch (error) {
    deps.log?.error({ err: error, conversationId: conversation.id }, "the support bot failed");
    return null;
  }
}

/** What the bot asks for before it may look an order up, or null when it has both details. */
function orderAsk(details: { number: string | null; contact: string | null }): string | null {
  const needs = trackingNeeds(details);
  if (needs === "ready") return null;
  return needs === "both" ? BOT_TEXT.orderAskBoth : needs === "number" ? BOT_TEXT.orderAskNumber : BOT_TEXT.orderAskContact;
}

/** Order lookups one chat may get wrong in an hour (on top of the order module's own limits). */
const TRACK_WINDOW_MS = 60 * 60 * 1000;

async function trackStep(deps: SupportDeps, conversation: Conversation, text: string, clientIp: string): Promise<{ text: string; botState: BotState | null }> {
  const before = conversation.botState;
  const details = { number: findOrderNumber(text) ?? before?.number ?? null, contact: findContact(text) ?? before?.contact ?? null };
  const ask = orderAsk(details);
  if (ask) return { text: ask, botState: { flow: "track", ...details } };
  const limits = await getSetting(deps.db, "support_limits");
  const guesses = { bucket: "chat-track", key: conversation.id, limit: limits.order_lookups_per_conversation, windowMs: TRACK_WINDOW_MS };
  if (!(await checkLimit(deps.db, guesses)).allowed) return { text: BOT_TEXT.orderTooManyTries, botState: null };
  const result = await trackOrder(deps.db, { number: details.number!, contact: details.contact!, clientIp });
  if (result.ok) return { text: orderAnswer(result.order), botState: null };
  if (result.refusal === "rate-limited") return { text: BOT_TEXT.orderLimited(Math.ceil(result.retryAfterSeconds / 60)), botState: null };
  await recordHit(deps.db, guesses);
  if (!(await checkLimit(deps.db, guesses)).allowed) return { text: BOT_TEXT.orderTooManyTries, botState: null };
  return { text: BOT_TEXT.orderNotFound, botState: { flow: "track", number: null, contact: null } };
}

async function reply(deps: SupportDeps, conversation: Conversation, visitorText: string, ctx: { clientIp: string; firstMessage: boolean }): Promise<ChatMessage | null> {
  const state = stateOf(conversation);
  const tracking = conversation.botState?.flow === "track";
  let step: BotStep | { kind: "no_match" } = planReply(classify(visitorText, { tracking }), state);
  let text: string | null = null;
  let unmatched = state.unmatched;
  // Anything but another order detail ends an unfinished order lookup.
  let botState: BotState | null = null;

  const beside = step.kind === "order" && !tracking ? await answerBesideOrder(deps, visitorText) : null;
  if (beside) {
    // The next message may be the checkout's email or mobile for that order.
    text = beside.text;
    botState = { flow: "track", number: beside.number, contact: null };
    unmatched = 0;
  } else if (step.kind === "order") {
    const tracked = await trackStep(deps, conversation, visitorText, ctx.clientIp);
    text = tracked.text;
    botState = tracked.botState;
  }
  if (step.kind === "answer" && step.offerTracking) {
    // How tracking works: the shop's answer, then the lookup offered (the next message may be the
    // order's details). Without an answer in the shop's text, the tracking page and the lookup.
    const understood = await understand(deps, visitorText);
    text = understood ? `${understood.text}\n\n${BOT_TEXT.trackingOffer}` : BOT_TEXT.trackingHowTo;
    botState = { flow: "track", number: null, contact: null };
    unmatched = 0;
  } else if (step.kind === "answer") {
    const understood = await understand(deps, visitorText);
    if (understood) {
      unmatched = 0;
      text = understood.text;
      if (deps.llm) {
        const good = searchKnowledge(await knowledgeIndex(deps.db, deps.events), visitorText).filter(isGoodMatch).map((r) => r.passage);
        text = (await phraseWithLlm(deps.llm, visitorText, good)) ?? text;
      }
    } else {
      step = afterNoMatch(state);
      if (step.kind === "no_match") unmatched += 1;
    }
  }
  if (step.kind === "silent") return null;
  if (step.kind === "handover") text = step.reason === "asked" ? BOT_TEXT.handoverAsked : step.reason === "staff_only" ? BOT_TEXT.handoverStaffOnly : BOT_TEXT.handoverUnmatched;
  if (step.kind === "no_match") text = BOT_TEXT.noMatch;
  if (step.kind === "thanks") text = BOT_TEXT.thanks;
  if (step.kind === "greeting") text = BOT_TEXT.greeting(conversation.visitorName);
  if (!text) return null;
  if (ctx.firstMessage) {
    // The chat stays open during maintenance on purpose (docs/decisions/0005): the bot's first
    // reply says so, so a shopper knows why the shop's pages are closed and that this is not.
    const maintenance = await getMaintenanceState(deps.db).catch(() => null);
    if (maintenance?.enabled) text = `${text}\n\n${BOT_TEXT.maintenance(maintenance.message)}`;
  }

  const handover = step.kind === "handover";
  const finalText = text;
  const stored = await deps.db.transaction(async (tx) => {
    const current = await lockConversation(tx, conversation.id);
    // Staff may have replied while the bot was thinking: from then on it stays out.
    if (current.staffRepliedAt) return null;
    const message = await insertMessage(tx, current.id, { senderType: BOT_SENDER, senderName: BOT_NAME, message: finalText });
    await tx
      .update(supportConversations)
      .set({ botUnmatched: handover ? 0 : unmatched, botState, ...(handover ? { status: "waiting_for_staff" as const } : {}) })
      .where(eq(supportConversations.id, current.id));
    return message;
  });
  if (!stored) return null;
  if (handover) await publishConversation(deps, conversation.id, "status");
  await publishMessage(deps, stored);
  return stored.message;
}
