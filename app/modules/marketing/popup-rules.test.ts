import { describe, expect, it } from "vitest";
import { DAY_MS, isPopupSuppressed, normaliseShowOnPages, popupDelayMs, popupMatchesPage, popupSubmitProblem, readShownAt } from "./popup-rules";

const NOW = Date.parse("2026-11-22T10:00:00Z");

describe("popup frequency", () => {
  it("once_per_session is suppressed once shown in this session, whatever the persistent record says", () => {
    expect(isPopupSuppressed("once_per_session", { session: null, local: null }, NOW)).toBe(false);
    expect(isPopupSuppressed("once_per_session", { session: null, local: NOW - 1000 }, NOW)).toBe(false);
    expect(isPopupSuppressed("once_per_session", { session: NOW - 1000, local: null }, NOW)).toBe(true);
  });

  it("once_per_day is suppressed for 24 hours after it was last shown, then shown again", () => {
    expect(isPopupSuppressed("once_per_day", { session: null, local: null }, NOW)).toBe(false);
    expect(isPopupSuppressed("once_per_day", { session: null, local: NOW - 60_000 }, NOW)).toBe(true);
    expect(isPopupSuppressed("once_per_day", { session: null, local: NOW - DAY_MS + 1 }, NOW)).toBe(true);
    expect(isPopupSuppressed("once_per_day", { session: null, local: NOW - DAY_MS }, NOW)).toBe(false);
    expect(isPopupSuppressed("once_per_day", { session: NOW, local: NOW - 25 * 3600_000 }, NOW)).toBe(false);
  });

  it("a record from the future (clock changed) does not hide the popup for ever", () => {
    expect(isPopupSuppressed("once_per_day", { session: null, local: NOW + DAY_MS * 10 }, NOW)).toBe(false);
  });

  it("any other frequency means always", () => {
    for (const f of ["always", "", "weekly"]) expect(isPopupSuppressed(f, { session: NOW, local: NOW }, NOW)).toBe(false);
  });

  it("reads stored times as numbers or ISO dates and ignores junk", () => {
    expect(readShownAt(String(NOW))).toBe(NOW);
    expect(readShownAt("2026-11-22T10:00:00.000Z")).toBe(NOW);
    expect(readShownAt("banana")).toBeNull();
    expect(readShownAt(null)).toBeNull();
  });
});

describe("popup pages and delay", () => {
  it("show_on_pages defaults to ['all'] when not an array", () => {
    expect(normaliseShowOnPages(null)).toEqual(["all"]);
    expect(normaliseShowOnPages("all")).toEqual(["all"]);
    expect(normaliseShowOnPages(["/", 3])).toEqual(["/"]);
  });

  it("matches 'all', the home page and exact paths", () => {
    expect(popupMatchesPage(["all"], "/cart")).toBe(true);
    expect(popupMatchesPage(undefined, "/cart")).toBe(true);
    expect(popupMatchesPage(["/"], "/")).toBe(true);
    expect(popupMatchesPage(["/"], "/cart")).toBe(false);
    expect(popupMatchesPage(["home"], "/")).toBe(true);
    expect(popupMatchesPage(["/bottles/"], "/bottles")).toBe(true);
    expect(popupMatchesPage([], "/")).toBe(false);
  });

  it("waits delay_seconds * 1000 ms", () => {
    expect(popupDelayMs(8)).toBe(8000);
    expect(popupDelayMs(0)).toBe(0);
    expect(popupDelayMs(-3)).toBe(0);
  });
});

describe("popup call to action", () => {
  const collecting = { emailCollection: true, consentText: "I agree to receive emails." };
  it("asks for the email first, then the consent, with the spec's exact texts", () => {
    expect(popupSubmitProblem(collecting, { email: "  ", consented: true })).toBe("Please enter your email");
    expect(popupSubmitProblem(collecting, { email: "a@b.in", consented: false })).toBe("Please agree to receive email communications");
    expect(popupSubmitProblem(collecting, { email: "a@b.in", consented: true })).toBeNull();
  });

  it("needs no consent when there is no consent text, and nothing when no email is collected", () => {
    expect(popupSubmitProblem({ emailCollection: true, consentText: null }, { email: "a@b.in", consented: false })).toBeNull();
    expect(popupSubmitProblem({ emailCollection: false, consentText: "x" }, { email: "", consented: false })).toBeNull();
  });
});
