// The desktop menu bar's looks, shared by its plain server-rendered form and the mega-menus that
// replace it on a wide screen, so the switch moves nothing.
export const TRIGGER_CLASS =
  "group inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-accent data-[state=open]:bg-slate-100";
export const TOP_LINK_CLASS = "inline-flex rounded-md px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-accent";
export const CHEVRON_CLASS = "size-4 transition-transform group-data-[state=open]:rotate-180";
