// Money is integer paise everywhere; this is the one place that turns it into text.

// Written by hand rather than with Intl.NumberFormat: building an en-IN currency format loads ICU
// locale data, which took a phone-speed CPU (4x slowed) a task of 100-350 ms on every storefront
// page, and its output here is fixed and simple: the rupee sign, whole rupees rounded half away
// from zero, Indian digit grouping (the last three digits, then pairs: 12,34,56,789).

function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const last3 = digits.slice(-3);
  let rest = digits.slice(0, -3);
  const pairs: string[] = [];
  while (rest.length > 2) {
    pairs.unshift(rest.slice(-2));
    rest = rest.slice(0, -2);
  }
  return [rest, ...pairs, last3].join(",");
}

export function formatPaise(paise: number): string {
  const negative = paise < 0;
  // Half a rupee (50 paise) rounds up in magnitude, as Intl's default rounding does.
  const rupees = Math.floor((Math.abs(paise) + 50) / 100);
  const text = `₹${groupIndian(String(rupees))}`;
  return negative && rupees > 0 ? `-${text}` : text;
}

export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}
