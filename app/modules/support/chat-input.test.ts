import { describe, expect, it } from "vitest";
import { charCount, MESSAGE_TOO_LONG, normaliseIndianMobile, sendChatSchema, visitorInfoSchema } from "./chat-input";

describe("normaliseIndianMobile", () => {
  it("accepts 10-digit mobiles starting 6-9, with +91, 91 or 0 prefixes and spaces or dashes", () => {
    expect(normaliseIndianMobile("9876543210")).toBe("+919876543210");
    expect(normaliseIndianMobile("+91 98765 43210")).toBe("+919876543210");
    expect(normaliseIndianMobile("91-6123456789")).toBe("+916123456789");
    expect(normaliseIndianMobile("09876543210")).toBe("+919876543210");
  });
  it("refuses landlines, short numbers, letters and numbers starting 0-5", () => {
    for (const bad of ["5876543210", "987654321", "98765432101", "022 2345 6789", "98765abcde", "+1 415 555 0100", ""]) {
      expect(normaliseIndianMobile(bad), bad).toBeNull();
    }
  });
});

describe("visitorInfoSchema", () => {
  it("needs a name that is not blank after trimming", () => {
    const r = visitorInfoSchema.safeParse({ name: "   " });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe("Please provide your name to start chat");
  });
  it("leaves email and phone optional, validating them only when given", () => {
    expect(visitorInfoSchema.parse({ name: " Asha ", email: "", phone: "  " })).toEqual({ name: "Asha" });
    expect(visitorInfoSchema.parse({ name: "Asha", email: "asha@example.in", phone: "98765 43210" })).toEqual({
      name: "Asha",
      email: "asha@example.in",
      phone: "+919876543210",
    });
    expect(visitorInfoSchema.safeParse({ name: "Asha", email: "asha@" }).success).toBe(false);
    expect(visitorInfoSchema.safeParse({ name: "Asha", phone: "12345" }).success).toBe(false);
  });
});

describe("sendChatSchema", () => {
  it("trims the message and refuses a blank one", () => {
    expect(sendChatSchema.parse({ conversationId: null, message: "  hi  ", visitorInfo: { name: "A" } }).message).toBe("hi");
    expect(sendChatSchema.safeParse({ conversationId: null, message: " \n ", visitorInfo: { name: "A" } }).success).toBe(false);
  });
  it("counts characters, not UTF-16 units, against the 2,000 limit", () => {
    const emoji = "🙂".repeat(2000);
    expect(charCount(emoji)).toBe(2000);
    expect(sendChatSchema.safeParse({ conversationId: null, message: emoji, visitorInfo: { name: "A" } }).success).toBe(true);
    const r = sendChatSchema.safeParse({ conversationId: null, message: "x".repeat(2001), visitorInfo: { name: "A" } });
    expect(r.error?.issues[0]?.message).toBe(MESSAGE_TOO_LONG);
    expect(MESSAGE_TOO_LONG).toBe("Messages can be at most 2,000 characters.");
  });
  it("needs the visitor info on the first message", () => {
    expect(sendChatSchema.safeParse({ conversationId: null, message: "hi" }).success).toBe(false);
  });
});
