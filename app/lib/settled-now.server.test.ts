import { describe, expect, it } from "vitest";
import { settledNow } from "./settled-now.server";

describe("settledNow", () => {
  it("gives the value of a promise that has settled, or settles within a few chained steps", async () => {
    const warm = Promise.resolve([1, 2]).then((x) => x).catch(() => []);
    expect(await settledNow(warm)).toEqual({ value: [1, 2] });
  });

  it("gives back the promise itself when its value needs I/O that has not answered yet", async () => {
    const slow = new Promise<string>((resolve) => setTimeout(() => resolve("later"), 20));
    const { value: got } = await settledNow(slow);
    expect(got).toBe(slow);
    expect(await got).toBe("later");
  });

  it("passes on a rejection that came first, as the promise would", async () => {
    await expect(settledNow(Promise.reject(new Error("no table")))).rejects.toThrow("no table");
  });
});
