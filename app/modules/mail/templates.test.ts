import { describe, expect, it } from "vitest";
import { renderWords } from "./template-render.server";
import { allowedVariables, fillVariables, sampleData, TEMPLATE_KINDS, TEMPLATE_SPECS, templateForm, templateProblem } from "./templates";

describe("template variables", () => {
  it("names an unknown variable, a misspelt one, and stray braces", () => {
    expect(templateProblem("order_confirmation", "Order {{order.number}} for {{customer.name}}")).toBeNull();
    expect(templateProblem("order_confirmation", "Total {{order.totl}}")).toBe("Unknown variable {{order.totl}}");
    expect(templateProblem("order_confirmation", "{{ order.number }} ok")).toBeNull();
    expect(templateProblem("order_confirmation", "{{Order Number}}")).toBe("Unknown variable {{Order Number}}");
    // A variable of another kind is unknown here.
    expect(templateProblem("password_reset", "{{order.number}}")).toBe("Unknown variable {{order.number}}");
    expect(templateProblem("order_shipped", "Track {{shipment.tracking_link")).toBe("A {{ has no closing }}");
    expect(templateProblem("order_shipped", "Track }} here")).toBe("A }} has no opening {{");
  });

  it("the editor's schema refuses an unknown variable with its name, in the field it is in", () => {
    const parsed = templateForm("order_confirmation").safeParse({ subject: "Your order {{order.numbr}}", body: "Thanks {{customer.name}}" });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => [i.path[0], i.message])).toEqual([["subject", "Unknown variable {{order.numbr}} in the subject."]]);
    expect(templateForm("order_confirmation").safeParse({ subject: "a\nb", body: "x" }).success).toBe(false);
  });

  it("every default uses only its own variables, and every variable has a sample", () => {
    for (const kind of TEMPLATE_KINDS) {
      const spec = TEMPLATE_SPECS[kind];
      expect(templateProblem(kind, spec.subject), kind).toBeNull();
      expect(templateProblem(kind, spec.body), kind).toBeNull();
      if (spec.button) expect(allowedVariables(kind)).toContain(spec.button.variable);
      if (spec.footerLink) expect(allowedVariables(kind)).toContain(spec.footerLink.variable);
      for (const name of allowedVariables(kind)) expect(sampleData(kind)[name], `${kind} ${name}`).toBeTruthy();
    }
  });

  it("fills values as text, a missing one as nothing", () => {
    expect(fillVariables("Hi {{customer.name}}, {{ order.number }}{{order.total}}", { "customer.name": "<b>Asha</b>", "order.number": "GL-1" })).toBe("Hi <b>Asha</b>, GL-1");
  });
});

describe("rendering", () => {
  it("escapes values in the HTML part, keeps them as typed in the text part, inlines styles, and adds the button and footer", async () => {
    const data = { ...sampleData("order_shipped"), "customer.name": `<script>alert("x")</script> & Co` };
    const mail = await renderWords("order_shipped", TEMPLATE_SPECS.order_shipped, data);
    expect(mail.subject).toBe("Your GLACIAL order GL-000123 has shipped");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.html).not.toMatch(/<style[\s>]/);
    expect(mail.html).toMatch(/style="[^"]*background-color:#0f766e/);
    expect(mail.html).toContain('href="https://www.delhivery.com/track/package/DL123456789IN"');
    expect(mail.html).toContain("width=device-width");
    expect(mail.text).toContain(`Hi <script>alert("x")</script> & Co,`);
    expect(mail.text).toContain("Track your parcel: https://www.delhivery.com/track/package/DL123456789IN");
    expect(mail.text).toContain("+91 80 4718 2200 · care@glacial.in");
  });

  it("keeps line breaks within a paragraph and splits paragraphs on a blank line", async () => {
    const mail = await renderWords("order_confirmation", { subject: "S", body: "One\nTwo\n\nThree" }, sampleData("order_confirmation"));
    expect(mail.text.startsWith("One\nTwo\n\nThree\n\nYour order: https://")).toBe(true);
    expect(mail.html).toMatch(/One<\/span><span><br\/?>Two/);
  });

  it("prints a cart reminder's stop link in the footer of both parts, even when staff left it out of the body", async () => {
    const data = { ...sampleData("abandoned_cart"), "unsubscribe.link": "https://glacial.in/unsubscribe/cart-reminders/abc" };
    const mail = await renderWords("abandoned_cart", { subject: "Hi", body: "Come back, {{customer.name}}." }, data);
    expect(mail.text).toContain("Stop cart reminders: https://glacial.in/unsubscribe/cart-reminders/abc");
    expect(mail.html).toMatch(/href="https:\/\/glacial.in\/unsubscribe\/cart-reminders\/abc"[^>]*>Stop cart reminders</);
    expect(templateProblem("abandoned_cart", "Stop: {{unsubscribe.link}}")).toBeNull();
  });
});
