import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrors } from "./form-errors";

describe("fieldErrors", () => {
  it("keeps the first message per dotted path and puts path-less issues under _form", () => {
    const schema = z
      .object({ title: z.string().min(1, "Title is required").min(3, "too short"), variants: z.array(z.object({ price: z.number().min(0, "Price cannot be negative") })) })
      .refine(() => false, "Whole form is wrong");
    const result = schema.safeParse({ title: "", variants: [{ price: 1 }, { price: -1 }] });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toMatchObject({ title: "Title is required", "variants.1.price": "Price cannot be negative" });
    const whole = schema.safeParse({ title: "abcd", variants: [] });
    expect(fieldErrors(whole.error!)).toEqual({ _form: "Whole form is wrong" });
  });
});
