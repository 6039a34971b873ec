import { describe, expect, it } from "vitest";
import { LOAD_MORE_BATCH, showLoadMore } from "./home-rules";

describe("Load More Bottles", () => {
  it("loads batches of 6", () => expect(LOAD_MORE_BATCH).toBe(6));
  it("shows only when enabled and more remain", () => {
    expect(showLoadMore({ enabled: true, total: 12, loaded: 8 })).toBe(true);
    expect(showLoadMore({ enabled: true, total: 8, loaded: 8 })).toBe(false);
    expect(showLoadMore({ enabled: false, total: 12, loaded: 8 })).toBe(false);
  });
  it("hides after a batch came back empty, even if the count says more", () => {
    expect(showLoadMore({ enabled: true, total: 20, loaded: 14, lastBatchEmpty: true })).toBe(false);
  });
});
