// The six payment methods of the footer, drawn inline so they cost no request.
const LOGOS: { name: string; width: number; render: () => React.ReactNode }[] = [
  {
    name: "Google Pay",
    width: 64,
    render: () => (
      <>
        <text x="8" y="25" fontSize="17" fontWeight="700" fontFamily="Arial, sans-serif">
          <tspan fill="#4285F4">G</tspan>
        </text>
        <text x="24" y="25" fontSize="14" fontWeight="600" fill="#3c4043" fontFamily="Arial, sans-serif">Pay</text>
      </>
    ),
  },
  {
    name: "PhonePe",
    width: 80,
    render: () => (
      <>
        <circle cx="15" cy="20" r="9" fill="#5f259f" />
        <text x="11" y="25" fontSize="12" fontWeight="700" fill="#fff" fontFamily="Arial, sans-serif">पे</text>
        <text x="28" y="25" fontSize="12" fontWeight="700" fill="#5f259f" fontFamily="Arial, sans-serif">PhonePe</text>
      </>
    ),
  },
  {
    name: "Paytm",
    width: 64,
    render: () => (
      <text x="8" y="26" fontSize="16" fontWeight="800" fontFamily="Arial, sans-serif">
        <tspan fill="#002e6e">pay</tspan>
        <tspan fill="#00b9f1">tm</tspan>
      </text>
    ),
  },
  {
    name: "BHIM UPI",
    width: 80,
    render: () => (
      <>
        <text x="6" y="25" fontSize="13" fontWeight="800" fill="#1a1a1a" fontFamily="Arial, sans-serif">BHIM</text>
        <path d="M46 12 l6 8 -6 8 z" fill="#f7901e" />
        <path d="M52 12 l6 8 -6 8 z" fill="#097939" />
        <text x="60" y="25" fontSize="10" fontWeight="700" fill="#1a1a1a" fontFamily="Arial, sans-serif">UPI</text>
      </>
    ),
  },
  {
    name: "Visa",
    width: 56,
    render: () => (
      <text x="8" y="27" fontSize="18" fontWeight="900" fontStyle="italic" fill="#1a1f71" fontFamily="Arial, sans-serif">VISA</text>
    ),
  },
  {
    name: "MasterCard",
    width: 56,
    render: () => (
      <>
        <circle cx="22" cy="20" r="10" fill="#eb001b" />
        <circle cx="34" cy="20" r="10" fill="#f79e1b" fillOpacity="0.9" />
      </>
    ),
  },
];

export function PaymentLogos() {
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label="We accept">
      {LOGOS.map((logo) => (
        <li key={logo.name}>
          <svg role="img" aria-label={logo.name} width={logo.width} height="40" viewBox={`0 0 ${logo.width} 40`} className="rounded-md border border-slate-200 bg-white">
            <title>{logo.name}</title>
            {logo.render()}
          </svg>
        </li>
      ))}
    </ul>
  );
}
