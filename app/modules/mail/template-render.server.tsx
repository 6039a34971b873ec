import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import { render } from "@react-email/render";
import type { ReactNode } from "react";
import { fillVariables, TEMPLATE_SPECS, type TemplateKind } from "./templates";

// One mail from a template: the staff's words with the variables filled in, wrapped in the shop's
// layout (its name as the heading, a button for the main link, a footer with the store's contact
// details). React Email writes every style inline and uses tables, which is what Gmail and phone
// mail apps read reliably; React escapes each value, so a shopper's name cannot become markup.
// The plain-text part is written from the same words, not scraped from the HTML.

export type RenderedMail = { subject: string; html: string; text: string };
export type TemplateWords = { subject: string; body: string };

const COLORS = { ink: "#0f172a", muted: "#475569", teal: "#0f766e", line: "#e2e8f0", page: "#f1f5f9" };
const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

function withLinks(line: string): ReactNode[] {
  return line.split(URL_PATTERN).map((part, i) =>
    i % 2 === 1 ? (
      <Link key={i} href={part} style={{ color: COLORS.teal, textDecoration: "underline", wordBreak: "break-all" }}>
        {part}
      </Link>
    ) : (
      part
    ),
  );
}

/** Paragraphs are separated by a blank line; a single line break stays a line break. */
export function paragraphsOf(text: string): string[][] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n{2,}/)
    .map((p) => p.split("\n"))
    .filter((lines) => lines.some((l) => l.trim() !== ""));
}

type LinkProps = { label: string; href: string };

function MailLayout(props: { preview: string; shopName: string; paragraphs: string[][]; button?: LinkProps; footer: string[]; footerLink?: LinkProps }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: COLORS.page, margin: 0, padding: "24px 0", fontFamily: "Helvetica, Arial, sans-serif", color: COLORS.ink }}>
        <Container style={{ maxWidth: "560px", width: "100%", backgroundColor: "#ffffff", borderRadius: "8px", padding: "24px" }}>
          <Heading as="h1" style={{ fontSize: "22px", letterSpacing: "0.12em", margin: "0 0 16px", color: COLORS.teal }}>
            {props.shopName}
          </Heading>
          <Section>
            {props.paragraphs.map((lines, i) => (
              <Text key={i} style={{ fontSize: "16px", lineHeight: "24px", margin: "0 0 16px" }}>
                {lines.map((line, j) => (
                  <span key={j}>
                    {j > 0 ? <br /> : null}
                    {withLinks(line)}
                  </span>
                ))}
              </Text>
            ))}
          </Section>
          {props.button ? (
            <Section style={{ margin: "8px 0 16px" }}>
              <Button
                href={props.button.href}
                style={{ backgroundColor: COLORS.teal, color: "#ffffff", borderRadius: "6px", padding: "12px 20px", fontSize: "16px", fontWeight: 600, textDecoration: "none" }}
              >
                {props.button.label}
              </Button>
            </Section>
          ) : null}
          <Hr style={{ borderColor: COLORS.line, margin: "24px 0 12px" }} />
          {props.footer.map((line, i) => (
            <Text key={i} style={{ fontSize: "13px", lineHeight: "20px", margin: 0, color: COLORS.muted }}>
              {withLinks(line)}
            </Text>
          ))}
          {props.footerLink ? (
            <Text style={{ fontSize: "13px", lineHeight: "20px", margin: "12px 0 0", color: COLORS.muted }}>
              <Link href={props.footerLink.href} style={{ color: COLORS.muted, textDecoration: "underline" }}>
                {props.footerLink.label}
              </Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

/**
 * The mail for `kind` from these words and values (shop.* included). Values are plain text; a
 * value missing from `data` comes out empty.
 */
export async function renderWords(kind: TemplateKind, words: TemplateWords, data: Readonly<Record<string, string>>): Promise<RenderedMail> {
  const spec = TEMPLATE_SPECS[kind];
  const subject = fillVariables(words.subject, data).replace(/\s+/g, " ").trim();
  const body = fillVariables(words.body, data);
  const paragraphs = paragraphsOf(body);
  const href = spec.button ? data[spec.button.variable] : undefined;
  const button = spec.button && href ? { label: spec.button.label, href } : undefined;
  const footerHref = spec.footerLink ? data[spec.footerLink.variable] : undefined;
  const footerLink = spec.footerLink && footerHref ? { label: spec.footerLink.label, href: footerHref } : undefined;
  const shopName = data["shop.name"] ?? "";
  const footer = [shopName, [data["shop.phone"], data["shop.email"]].filter(Boolean).join(" · "), data["shop.url"] ?? ""].filter((l) => l.trim() !== "");
  const html = await render(
    <MailLayout preview={(paragraphs[0] ?? []).join(" ").slice(0, 140)} shopName={shopName} paragraphs={paragraphs} button={button} footer={footer} footerLink={footerLink} />,
  );
  // The text part's footer leaves the shop's address out: the main link (and the footer's own
  // link, such as a way to stop reminders) are the only links in it.
  const text = [
    paragraphs.map((lines) => lines.join("\n")).join("\n\n"),
    ...(button ? [`${button.label}: ${button.href}`] : []),
    ["--", ...footer.filter((l) => l !== data["shop.url"]), ...(footerLink ? [`${footerLink.label}: ${footerLink.href}`] : [])].join("\n"),
  ].join("\n\n");
  return { subject, html, text };
}
