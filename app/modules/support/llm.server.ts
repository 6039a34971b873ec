import type { Passage } from "./retrieval.server";

// Optional phrasing of the bot's answer by an OpenAI-compatible chat endpoint, only when
// LLM_BASE_URL and LLM_API_KEY are set. It may only use the retrieved passages; any error,
// timeout or empty answer returns null and the caller keeps the built-in answer.

export type LlmConfig = { baseUrl: string; apiKey: string; model: string };
export const LLM_TIMEOUT_MS = 8000;

export async function phraseWithLlm(
  config: LlmConfig,
  question: string,
  passages: Passage[],
  opts: { timeoutMs?: number; fetch?: typeof fetch } = {},
): Promise<string | null> {
  const context = passages.map((p, i) => `[${i + 1}] ${p.title}\n${p.text}\nLink: ${p.link}`).join("\n\n");
  try {
    const res = await (opts.fetch ?? fetch)(`${config.baseUrl.replace(/\/$/, "")}/chat/completions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${config.apiKey}` },
      body: JSON.stringify({
        model: config.model,
        temperature: 0.2,
        max_tokens: 300,
        messages: [
          {
            role: "system",
            content:
              "You are GLACIAL's support assistant for an Indian online shop of insulated bottles. Answer in at most 80 words, in plain text (no Markdown), only from the passages given. Include the most relevant passage's link as a plain path. If the passages do not answer the question, say so.",
          },
          { role: "user", content: `Passages:\n${context}\n\nQuestion: ${question}` },
        ],
      }),
      signal: AbortSignal.timeout(opts.timeoutMs ?? LLM_TIMEOUT_MS),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { choices?: { message?: { content?: unknown } }[] };
    const text = body.choices?.[0]?.message?.content;
    return typeof text === "string" && text.trim() ? text.trim().slice(0, 2000) : null;
  } catch {
    return null;
  }
}
