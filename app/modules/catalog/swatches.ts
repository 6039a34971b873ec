// The 14 colour names the storefront draws as swatches; other values are text chips.
export const SWATCH_COLOURS: Record<string, string> = {
  red: "#c62828",
  blue: "#1e5aa8",
  green: "#2e7d32",
  yellow: "#f2c230",
  purple: "#6a3d9a",
  pink: "#e27396",
  black: "#1f1f1f",
  white: "#f5f5f2",
  gray: "#8a8f96",
  brown: "#7b4a2d",
  orange: "#e8772e",
  navy: "#1b2a4a",
  beige: "#d9c7a7",
  teal: "#1f8a8a",
};

export function swatchFor(value: string): string | null {
  return SWATCH_COLOURS[value.trim().toLowerCase()] ?? null;
}
