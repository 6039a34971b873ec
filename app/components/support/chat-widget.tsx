import { Send, X } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { notify } from "~/lib/notify";
import { charCount, isStaffSender, MAX_MESSAGE_CHARS, MESSAGE_TOO_LONG, NAME_REQUIRED, parseChatLink, SEND_FAILED, visitorInfoSchema, type ChatMessage, type VisitorInfo } from "~/modules/support/support";
import { ChatButton } from "./chat-button";
import { MessageText } from "./message-text";

// The storefront's support chat: a round button bottom-left opens a
// 380x600 panel (full screen below 480 px). Step one asks for the visitor's details, step two is
// the thread. The conversation id and the visitor's secret token live in localStorage, so the
// chat survives reloads and navigation; the server checks the token on every call.

export const CHAT_STORAGE_KEY = "support_chat";

class RefusedError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

type Stored = { visitor: VisitorInfo; conversationId?: string; token?: string };
type Entry = ChatMessage & { pending?: boolean };

/**
 * A reply email's link names a conversation and its secret in the URL's fragment: it becomes the
 * stored conversation (the name comes with its history), and the fragment leaves the address bar.
 */
function takeChatLink(): Stored | null {
  const link = parseChatLink(window.location.hash);
  if (!link) return null;
  window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
  return { visitor: { name: readStored()?.visitor.name ?? "", phone: undefined }, conversationId: link.conversationId, token: link.token };
}

function readStored(): Stored | null {
  try {
    const raw = window.localStorage.getItem(CHAT_STORAGE_KEY);
    const value = raw ? (JSON.parse(raw) as Stored) : null;
    return value && typeof value.visitor?.name === "string" ? value : null;
  } catch {
    return null;
  }
}

function writeStored(value: Stored | null) {
  try {
    if (value) window.localStorage.setItem(CHAT_STORAGE_KEY, JSON.stringify(value));
    else window.localStorage.removeItem(CHAT_STORAGE_KEY);
  } catch {
    // Storage blocked: the chat still works until the page is left.
  }
}

/** Adds messages by id (a message seen twice, from the send response and the stream, stays one), in order. */
function merge(current: Entry[], incoming: ChatMessage[]): Entry[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => (a.pending ? 1 : 0) - (b.pending ? 1 : 0) || a.seq - b.seq);
}

export function ChatWidget({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const [stored, setStored] = useState<Stored | null>(null);
  const [messages, setMessages] = useState<Entry[]>([]);
  /** Messages typed and not yet answered by the server (sent one at a time, in order). */
  const [inFlight, setInFlight] = useState(0);
  const sending = inFlight > 0;
  /** The server's reason for the last refused message (a limit above all), shown in the panel until a send succeeds. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    const fromLink = takeChatLink();
    if (fromLink) writeStored(fromLink);
    setStored(fromLink ?? readStored());
  }, []);

  const storedRef = useRef(stored);
  storedRef.current = stored;

  const update = useCallback((value: Stored | null) => {
    writeStored(value);
    // At once, not at the next render: a message waiting its turn reads the conversation from here.
    storedRef.current = value;
    setStored(value);
  }, []);
  const conversationId = stored?.conversationId;
  const token = stored?.token;

  // While the panel is open: load the history, then follow new messages live.
  useEffect(() => {
    if (!open || !conversationId || !token) return;
    let source: EventSource | undefined;
    let cancelled = false;
    (async () => {
      try {
        const res = await fetch(`/api/support/conversations/${conversationId}/messages`, { headers: { "X-Visitor-Token": token } });
        if (res.status === 404) {
          // The stored conversation is gone or not ours: start again.
          update(storedRef.current ? { visitor: storedRef.current.visitor } : null);
          setMessages([]);
          return;
        }
        if (!res.ok) return;
        const { messages: history, visitor } = (await res.json()) as { messages: ChatMessage[]; visitor?: { name: string } };
        if (cancelled) return;
        // Opened from an email's link on another device: the conversation tells us the name.
        const known = storedRef.current;
        if (known && visitor?.name && known.visitor.name !== visitor.name) update({ ...known, visitor: { ...known.visitor, name: visitor.name } });
        setMessages((m) => merge(m, history));
        const after = history.at(-1)?.seq ?? 0;
        // The token reaches the stream in the HttpOnly cookie the history answer set, never in the URL.
        source = new EventSource(`/api/support/conversations/${conversationId}/stream?after=${after}`);
        source.addEventListener("message", (e) => {
          const message = JSON.parse((e as MessageEvent<string>).data) as ChatMessage;
          setMessages((m) => merge(m, [message]));
        });
      } catch {
        // Offline: the next send or reopen retries.
      }
    })();
    return () => {
      cancelled = true;
      source?.close();
    };
  }, [open, conversationId, token, update]);

  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);

  /**
   * Messages go out one after another, in the order typed: a message typed while the last is
   * still on its way waits its turn in the thread (shown pending) instead of being dropped. The
   * bot's answer can arrive on the live stream before the send's own response does, and a
   * shopper answers it at once. Each send reads the stored conversation when its turn comes,
   * so a message typed before the first send created the conversation joins that conversation.
   */
  const queueRef = useRef<Promise<unknown>>(Promise.resolve());
  const tempSeq = useRef(0);

  const post = useCallback(
    async (text: string, tempId: string): Promise<boolean> => {
      const current = storedRef.current;
      if (!current) return false;
      try {
        const res = await fetch("/api/support/chat", {
          method: "POST",
          headers: { "Content-Type": "application/json", ...(current.token ? { "X-Visitor-Token": current.token } : {}) },
          body: JSON.stringify({
            conversationId: current.conversationId ?? null,
            message: text,
            visitorInfo: current.conversationId ? undefined : current.visitor,
            page: window.location.pathname,
          }),
        });
        const body = (await res.json().catch(() => null)) as { conversationId?: string; visitorToken?: string; messages?: ChatMessage[]; error?: string } | null;
        if (!res.ok || !body?.conversationId || !body.messages) {
          // The server's own reason for a refusal it explains (too fast, too long); otherwise the general "could not send" notice.
          const reason = res.status >= 400 && res.status < 500 && body?.error ? body.error : SEND_FAILED.description;
          throw new RefusedError(reason, res.status);
        }
        if (!current.conversationId && body.visitorToken) update({ ...current, conversationId: body.conversationId, token: body.visitorToken });
        setMessages((m) => merge(m.filter((x) => x.id !== tempId), body.messages!));
        setRefusal(null);
        return true;
      } catch (error) {
        setMessages((m) => m.filter((x) => x.id !== tempId));
        const reason = error instanceof RefusedError ? error.message : SEND_FAILED.description;
        notify.error(SEND_FAILED.title, { description: reason });
        // A limit stays in view (a toast fades): the shopper needs to know when to try again.
        if (error instanceof RefusedError && error.status === 429) setRefusal(reason);
        return false;
      }
    },
    [update],
  );

  const send = useCallback(
    (raw: string): Promise<boolean> => {
      const text = raw.trim();
      const current = storedRef.current;
      if (!text || !current) return Promise.resolve(false);
      if (charCount(text) > MAX_MESSAGE_CHARS) {
        notify.error("Message too long", { description: MESSAGE_TOO_LONG });
        return Promise.resolve(false);
      }
      tempSeq.current += 1;
      const tempId = `temp-${tempSeq.current}`;
      const temp: Entry = {
        id: tempId,
        seq: Number.MAX_SAFE_INTEGER,
        conversationId: current.conversationId ?? "",
        senderType: "visitor",
        senderName: current.visitor.name,
        message: text,
        createdAt: new Date().toISOString(),
        pending: true,
      };
      setMessages((m) => [...m, temp]);
      setInFlight((n) => n + 1);
      const turn = queueRef.current.then(() => post(text, tempId)).finally(() => setInFlight((n) => n - 1));
      queueRef.current = turn;
      return turn;
    },
    [post],
  );

  return (
    <>
      <ChatButton ref={buttonRef} open={open} aria-controls={panelId} onClick={() => (open ? close() : setOpen(true))} />
      {open ? (
        <section
          id={panelId}
          role="dialog"
          aria-modal="false"
          aria-labelledby={`${panelId}-title`}
          onKeyDown={(e) => {
            if (e.key === "Escape") close();
          }}
          className="fixed bottom-20 left-4 z-50 flex h-[600px] max-h-[calc(100dvh-6rem)] w-[380px] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white text-slate-900 shadow-2xl max-[480px]:inset-0 max-[480px]:h-full max-[480px]:max-h-none max-[480px]:w-full max-[480px]:rounded-none"
        >
          <header className="flex items-center justify-between bg-brand px-4 py-3 text-white">
            <div>
              <h2 id={`${panelId}-title`} className="text-base font-semibold">
                GLACIAL Support
              </h2>
              <p className="text-xs text-slate-200">We reply 24 hours a day, 7 days a week</p>
            </div>
            <button type="button" onClick={close} aria-label="Close support chat" className="rounded-full p-2 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white">
              <X aria-hidden="true" className="h-5 w-5" />
            </button>
          </header>
          {stored ? (
            <Thread messages={messages} sending={sending} refusal={refusal} onSend={send} />
          ) : (
            <IntakeForm onStart={(visitor) => update({ visitor })} />
          )}
        </section>
      ) : null}
    </>
  );
}

function IntakeForm({ onStart }: { onStart(visitor: VisitorInfo): void }) {
  const [errors, setErrors] = useState<{ email?: string; phone?: string }>({});
  const nameRef = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => nameRef.current?.focus(), []);

  const field = "mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-accent focus:outline-2 focus:outline-brand-accent aria-[invalid=true]:border-red-600";
  return (
    <form
      noValidate
      className="flex flex-1 flex-col gap-4 overflow-y-auto p-5"
      onSubmit={(e) => {
        e.preventDefault();
        const form = new FormData(e.currentTarget);
        const parsed = visitorInfoSchema.safeParse({ name: form.get("name"), email: form.get("email"), phone: form.get("phone") });
        if (parsed.success) {
          setErrors({});
          onStart(parsed.data);
          return;
        }
        const byField: { name?: string; email?: string; phone?: string } = {};
        for (const issue of parsed.error.issues) {
          const key = issue.path[0] as "name" | "email" | "phone";
          byField[key] ??= issue.message;
        }
        if (byField.name) {
          notify.error(NAME_REQUIRED.title, { description: NAME_REQUIRED.description });
          nameRef.current?.focus();
        }
        setErrors({ email: byField.email, phone: byField.phone });
      }}
    >
      <p className="text-sm text-slate-700">Tell us who you are and we will take it from there.</p>
      <div>
        <label htmlFor={`${id}-name`} className="text-sm font-medium">
          Name <span aria-hidden="true">*</span>
        </label>
        <input ref={nameRef} id={`${id}-name`} name="name" autoComplete="name" required aria-required="true" className={field} />
      </div>
      <div>
        <label htmlFor={`${id}-email`} className="text-sm font-medium">
          Email <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${id}-email-error` : undefined}
          className={field}
        />
        {errors.email ? (
          <p id={`${id}-email-error`} className="mt-1 text-xs text-red-700">
            {errors.email}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={`${id}-phone`} className="text-sm font-medium">
          Phone <span className="font-normal text-slate-600">(optional, for order tracking)</span>
        </label>
        <input
          id={`${id}-phone`}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="98765 43210"
          aria-invalid={errors.phone ? true : undefined}
          aria-describedby={errors.phone ? `${id}-phone-error` : undefined}
          className={field}
        />
        {errors.phone ? (
          <p id={`${id}-phone-error`} className="mt-1 text-xs text-red-700">
            {errors.phone}
          </p>
        ) : null}
      </div>
      <button type="submit" className="mt-auto rounded-full bg-brand px-4 py-3 font-semibold text-white hover:bg-slate-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-accent">
        Start Chat
      </button>
    </form>
  );
}

function bubbleClass(senderType: string): string {
  if (senderType === "visitor") return "ml-auto bg-brand text-white rounded-br-sm";
  if (senderType === "ai") return "mr-auto bg-slate-100 text-slate-900 rounded-bl-sm";
  return "mr-auto border border-teal-300 bg-teal-50 text-slate-900 rounded-bl-sm";
}

function senderLabel(m: ChatMessage): string {
  if (m.senderType === "visitor") return "You";
  if (m.senderType === "ai") return `${m.senderName} (AI)`;
  return `${m.senderName} (GLACIAL team)`;
}

function Thread({ messages, sending, refusal, onSend }: { messages: Entry[]; sending: boolean; refusal: string | null; onSend(text: string): Promise<boolean> }) {
  const [text, setText] = useState("");
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  useEffect(() => inputRef.current?.focus(), []);

  // Keep the newest message in view.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length, sending]);

  const submit = async () => {
    if (!text.trim()) return;
    const draft = text;
    setText("");
    const ok = await onSend(draft);
    // A refused message stays in the box to be edited.
    if (!ok) setText((current) => current || draft);
    inputRef.current?.focus();
  };
  const count = charCount(text.trim());

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div ref={listRef} role="log" aria-live="polite" aria-label="Chat messages" className="flex-1 overflow-y-auto px-4 py-3">
        {messages.length === 0 ? (
          <p className="mt-8 text-center text-sm text-slate-600">Start a conversation with our support team.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {messages.map((m) => (
              <li key={m.id} data-sender={isStaffSender(m.senderType) ? "staff" : m.senderType} className={`flex max-w-[85%] flex-col ${m.senderType === "visitor" ? "ml-auto items-end" : "mr-auto items-start"}`}>
                <span className="mb-0.5 text-xs font-medium text-slate-600">{senderLabel(m)}</span>
                <div className={`rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap ${bubbleClass(m.senderType)} ${m.pending ? "opacity-70" : ""}`}>
                  <MessageText text={m.message} tone={m.senderType === "visitor" ? "dark" : "light"} />
                </div>
              </li>
            ))}
          </ul>
        )}
        {sending ? (
          <p role="status" className="mt-3 text-xs text-slate-600 italic">
            AI is typing
            <span aria-hidden="true">…</span>
          </p>
        ) : null}
      </div>
      {refusal ? (
        <p role="alert" className="border-t border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950">
          {refusal}
        </p>
      ) : null}
      <form
        className="flex items-end gap-2 border-t border-slate-200 p-3"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="flex-1">
          <label htmlFor={`${id}-message`} className="sr-only">
            Type your message
          </label>
          <textarea
            ref={inputRef}
            id={`${id}-message`}
            rows={2}
            value={text}
            placeholder="Type your message…"
            aria-describedby={`${id}-hint`}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void submit();
              }
            }}
            className="max-h-32 w-full resize-none rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-accent focus:outline-2 focus:outline-brand-accent"
          />
          <p id={`${id}-hint`} className={`text-xs ${count > MAX_MESSAGE_CHARS ? "text-red-700" : "text-slate-600"}`}>
            {count > MAX_MESSAGE_CHARS ? `${MESSAGE_TOO_LONG} (${count.toLocaleString("en-IN")} now)` : "Enter to send, Shift+Enter for a new line"}
          </p>
        </div>
        <button
          type="submit"
          aria-label="Send message"
          className="mb-5 flex h-10 w-10 items-center justify-center rounded-full bg-brand text-white hover:bg-slate-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-accent"
        >
          <Send aria-hidden="true" className="h-4 w-4" />
        </button>
      </form>
    </div>
  );
}
