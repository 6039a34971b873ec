import { describe, expect, it } from "vitest";
import { moveItem } from "./move-item";

describe("moveItem", () => {
  it("moves an item up, down and to either end", () => {
    expect(moveItem(["a", "b", "c", "d"], 2, 1)).toEqual(["a", "c", "b", "d"]);
    expect(moveItem(["a", "b", "c", "d"], 0, 3)).toEqual(["b", "c", "d", "a"]);
    expect(moveItem(["a", "b", "c", "d"], 3, 0)).toEqual(["d", "a", "b", "c"]);
  });
  it("clamps targets and ignores a missing source without touching the input", () => {
    const list = ["a", "b"];
    expect(moveItem(list, 0, 9)).toEqual(["b", "a"]);
    expect(moveItem(list, 1, -3)).toEqual(["b", "a"]);
    expect(moveItem(list, 5, 0)).toEqual(["a", "b"]);
    expect(list).toEqual(["a", "b"]);
  });
});
