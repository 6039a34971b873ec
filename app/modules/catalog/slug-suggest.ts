/** A slug suggested from a name ("Monsoon Picks!" -> "monsoon-picks"); staff may still edit it. */
export function suggestSlug(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    // Accents come apart under NFKD; dropping the marks keeps "é" as "e".
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 120)
    .replace(/-+$/, "");
}
