// Money is integer paise everywhere; this is the one place that turns it into text.

// Building an en-IN currency format costs a phone tens of milliseconds (ICU locale data). Made
// when the module loads, it lengthened the page's one long module-evaluation task; made during
// hydration, one of React's slices. So in the browser it is made in a task of its own, queued as
// the module loads, which runs before hydration starts; on the server, on first use.
let inr: Intl.NumberFormat | undefined;

function currencyFormat(): Intl.NumberFormat {
  inr ??= new Intl.NumberFormat("en-IN", {
    style: "currency",
    currency: "INR",
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
  return inr;
}

if (typeof window !== "undefined") setTimeout(currencyFormat, 0);

export function formatPaise(paise: number): string {
  return currencyFormat().format(paise / 100);
}

export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}
