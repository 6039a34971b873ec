import { describe, expect, it } from "vitest";
import { renderMarkdown, withoutLeadingH1 } from "./markdown.server";

describe("renderMarkdown", () => {
  it("renders headings, lists, emphasis and links", () => {
    const html = renderMarkdown("## Care\n\n- **Hand wash** only\n- see [FAQ](/faq)");
    expect(html).toContain("<h2>Care</h2>");
    expect(html).toContain("<li><strong>Hand wash</strong> only</li>");
    expect(html).toContain('<a href="/faq">FAQ</a>');
  });

  it("strips scripts, event handlers, styles and javascript: links", () => {
    const html = renderMarkdown(
      'Hi <script>alert(1)</script><img src=x onerror="alert(2)"> <a href="javascript:alert(3)">x</a> <span style="color:red" onclick="y()">s</span>',
    );
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|style=|<img/i);
    expect(html).toContain("Hi");
  });

  it("opens external links safely", () => {
    expect(renderMarkdown("[x](https://example.com)")).toContain('rel="noopener noreferrer"');
  });
});

describe("withoutLeadingH1", () => {
  it("drops only a leading level-1 heading", () => {
    expect(withoutLeadingH1("# Title\n\nBody\n\n# Other")).toBe("Body\n\n# Other");
    expect(withoutLeadingH1("Body")).toBe("Body");
  });
});
