// The bot's decisions that need no database: which kind of message this is, and what the
// conversation's state allows. Pure, so the hand-over rules are unit-tested.

export type Intent = "human" | "order" | "greeting" | "thanks" | "question";

const HUMAN = [
  /\b(talk|speak|chat|connect|transfer)\b.{0,30}\b(human|person|people|someone|agent|representative|staff|team|executive)\b/i,
  /\b(real|live)\s+(person|human|agent)\b/i,
  /\b(agent|human|representative|customer care executive)\b/i,
];
const ORDER = [
  /\b(track|tracking)\b/i,
  /\bwhere\b.{0,20}\b(my|the)\s+(order|parcel|package|delivery|shipment)\b/i,
  /\border\s*(status|number|no\.?|id)\b/i,
  /\border\b.{0,20}#?\b[A-Z]{0,4}-?\d{4,}\b/i,
];

export function classify(text: string): Intent {
  const t = text.trim();
  if (HUMAN.some((r) => r.test(t))) return "human";
  if (ORDER.some((r) => r.test(t))) return "order";
  if (/^(hi|hello|hey|hii+|namaste|good\s+(morning|afternoon|evening))\b[\s!.,]*$/i.test(t)) return "greeting";
  if (/^(thanks|thank you|thx|ok(ay)?|great|cool)\b[\s!.,]*(a lot|so much)?[\s!.,]*$/i.test(t)) return "thanks";
  return "question";
}

export type ConversationState = {
  status: "open" | "waiting_for_staff" | "closed";
  /** A staff member has replied in this conversation. */
  staffReplied: boolean;
  /** Unanswered questions so far. */
  unmatched: number;
};

/** Questions in a row the bot may fail to answer before it hands over. */
export const UNMATCHED_BEFORE_HANDOVER = 2;

export type BotStep =
  | { kind: "silent" }
  | { kind: "handover"; reason: "asked" | "unmatched" }
  | { kind: "order" }
  | { kind: "greeting" }
  | { kind: "thanks" }
  | { kind: "answer" };

/**
 * What the bot does before retrieval. Once staff replied, the bot stays silent for good.
 * While waiting for staff it still answers questions it can, but says nothing otherwise.
 */
export function planReply(intent: Intent, state: ConversationState): BotStep {
  if (state.staffReplied) return { kind: "silent" };
  if (intent === "human") return state.status === "waiting_for_staff" ? { kind: "silent" } : { kind: "handover", reason: "asked" };
  if (intent === "order") return { kind: "order" };
  if (intent === "greeting") return { kind: "greeting" };
  if (intent === "thanks") return state.status === "waiting_for_staff" ? { kind: "silent" } : { kind: "thanks" };
  return { kind: "answer" };
}

/** After a question retrieval could not answer. */
export function afterNoMatch(state: ConversationState): BotStep | { kind: "no_match" } {
  if (state.staffReplied || state.status === "waiting_for_staff") return { kind: "silent" };
  return state.unmatched + 1 >= UNMATCHED_BEFORE_HANDOVER ? { kind: "handover", reason: "unmatched" } : { kind: "no_match" };
}
