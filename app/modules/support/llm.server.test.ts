import { describe, expect, it } from "vitest";
import { phraseWithLlm } from "./llm.server";
import type { Passage } from "./retrieval.server";

const config = { baseUrl: "http://llm.invalid/v1/", apiKey: "k", model: "m" };
const passages: Passage[] = [{ source: "faq", title: "Warranty?", text: "2 year warranty.", link: "/faq" }];

describe("phraseWithLlm (no network: a stand-in fetch)", () => {
  it("posts an OpenAI-compatible request with the passages and returns the answer", async () => {
    let seen: { url: string; body: { model: string; messages: { content: string }[] }; auth: string } | undefined;
    const fetchStub = (async (url: string, init: RequestInit) => {
      seen = { url, body: JSON.parse(String(init.body)), auth: new Headers(init.headers).get("authorization")! };
      return Response.json({ choices: [{ message: { content: " Every product has a 2 year warranty: /faq " } }] });
    }) as unknown as typeof fetch;
    expect(await phraseWithLlm(config, "warranty?", passages, { fetch: fetchStub })).toBe("Every product has a 2 year warranty: /faq");
    expect(seen!.url).toBe("http://llm.invalid/v1/chat/completions");
    expect(seen!.auth).toBe("Bearer k");
    expect(seen!.body.model).toBe("m");
    expect(seen!.body.messages[1]!.content).toContain("2 year warranty.");
  });

  it("returns null on an error status, a malformed body, a thrown error or a timeout", async () => {
    const status = (async () => new Response("nope", { status: 500 })) as unknown as typeof fetch;
    const malformed = (async () => Response.json({ choices: [] })) as unknown as typeof fetch;
    const thrown = (async () => {
      throw new Error("ECONNREFUSED");
    }) as unknown as typeof fetch;
    const hanging = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => init.signal!.addEventListener("abort", () => reject(init.signal!.reason)))) as unknown as typeof fetch;
    for (const f of [status, malformed, thrown]) expect(await phraseWithLlm(config, "q", passages, { fetch: f })).toBeNull();
    const started = Date.now();
    expect(await phraseWithLlm(config, "q", passages, { fetch: hanging, timeoutMs: 50 })).toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
