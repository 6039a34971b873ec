import {
  ChartColumn,
  ExternalLink,
  FileText,
  Layers,
  LayoutDashboard,
  LifeBuoy,
  Mail,
  Megaphone,
  Menu,
  Package,
  PanelLeftClose,
  PanelLeftOpen,
  Percent,
  Rss,
  Settings,
  ShieldCheck,
  ShoppingCart,
  Users,
  X,
  type LucideIcon,
} from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect, useState, type ReactNode } from "react";
import { NavLink, useLocation, useNavigation } from "react-router";
import { AccountMenu } from "./account-menu";
import { SearchDialog } from "./search-dialog";
import { ThemeScript, ThemeToggle, useAdminTheme } from "./theme";

const ICONS: Record<string, LucideIcon> = {
  "/admin/dashboard": LayoutDashboard,
  "/admin/catalog": Package,
  "/admin/collections": Layers,
  "/admin/google-feed": Rss,
  "/admin/sales": ShoppingCart,
  "/admin/discounts": Percent,
  "/admin/customers": Users,
  "/admin/support": LifeBuoy,
  "/admin/content": FileText,
  "/admin/marketing": Megaphone,
  "/admin/email-templates": Mail,
  "/admin/reports": ChartColumn,
  "/admin/settings": Settings,
  "/admin/user-management": ShieldCheck,
};

export type ShellProps = {
  nav: { label: string; href: string }[];
  email: string;
  roles: string[];
  children: ReactNode;
};

const COLLAPSE_KEY = "glacial-admin-sidebar";

function NavList({ nav, collapsed, onNavigate }: { nav: ShellProps["nav"]; collapsed: boolean; onNavigate?: () => void }) {
  return (
    <ul className="space-y-1 px-2">
      {nav.map((entry) => {
        const Icon = ICONS[entry.href] ?? FileText;
        return (
          <li key={entry.href}>
            <NavLink
              to={entry.href}
              prefetch="intent"
              onClick={onNavigate}
              title={collapsed ? entry.label : undefined}
              aria-label={collapsed ? entry.label : undefined}
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 ${
                  isActive
                    ? "bg-teal-700 text-white"
                    : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                } ${collapsed ? "justify-center" : ""}`
              }
            >
              <Icon aria-hidden className="size-5 shrink-0" />
              {collapsed ? null : <span>{entry.label}</span>}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}

export function AdminShell({ nav, email, roles, children }: ShellProps) {
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [theme, setTheme] = useAdminTheme();
  const navigation = useNavigation();
  const location = useLocation();

  useEffect(() => setCollapsed(localStorage.getItem(COLLAPSE_KEY) === "1"), []);
  useEffect(() => setDrawerOpen(false), [location.pathname]);

  const toggleCollapsed = () => {
    setCollapsed((c) => {
      localStorage.setItem(COLLAPSE_KEY, c ? "0" : "1");
      return !c;
    });
  };

  return (
    <div className="flex min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <ThemeScript />
      <a href="#admin-main" className="sr-only z-50 rounded bg-white px-3 py-2 text-slate-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      <aside
        className={`sticky top-0 hidden h-screen shrink-0 flex-col border-r border-slate-200 bg-white md:flex dark:border-slate-800 dark:bg-slate-900 ${collapsed ? "w-16" : "w-64"}`}
      >
        <div className={`flex h-14 items-center border-b border-slate-200 px-3 dark:border-slate-800 ${collapsed ? "justify-center" : "justify-between"}`}>
          {collapsed ? null : <p className="px-2 text-lg font-semibold">Admin Panel</p>}
          <button
            type="button"
            onClick={toggleCollapsed}
            aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
            aria-expanded={!collapsed}
            className="inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-600 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            {collapsed ? <PanelLeftOpen aria-hidden className="size-5" /> : <PanelLeftClose aria-hidden className="size-5" />}
          </button>
        </div>
        <nav aria-label="Admin Panel" className="flex-1 overflow-y-auto py-3">
          <NavList nav={nav} collapsed={collapsed} />
        </nav>
      </aside>

      <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 md:hidden" />
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 flex w-64 flex-col bg-white text-slate-900 shadow-xl md:hidden dark:bg-slate-900 dark:text-slate-100"
          >
            <div className="flex h-14 items-center justify-between border-b border-slate-200 px-3 dark:border-slate-800">
              <Dialog.Title className="px-2 text-lg font-semibold">Admin Panel</Dialog.Title>
              <Dialog.Close aria-label="Close menu" className="inline-flex size-9 items-center justify-center rounded-md hover:bg-slate-100 dark:hover:bg-slate-800">
                <X aria-hidden className="size-5" />
              </Dialog.Close>
            </div>
            <nav aria-label="Admin Panel" className="flex-1 overflow-y-auto py-3">
              <NavList nav={nav} collapsed={false} onNavigate={() => setDrawerOpen(false)} />
            </nav>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 dark:border-slate-800 dark:bg-slate-900/95">
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            aria-label="Open menu"
            className="inline-flex size-9 items-center justify-center rounded-md hover:bg-slate-100 md:hidden dark:hover:bg-slate-800"
          >
            <Menu aria-hidden className="size-5" />
          </button>
          <div className="flex-1">
            <SearchDialog />
          </div>
          <a
            href="/"
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-9 items-center gap-2 rounded-md border border-slate-300 px-3 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            <ExternalLink aria-hidden className="size-4" />
            <span className="hidden sm:inline">View Site</span>
            <span className="sr-only sm:hidden">View Site</span>
          </a>
          <ThemeToggle theme={theme} onChange={setTheme} />
          <AccountMenu email={email} roles={roles} />
        </header>
        <main id="admin-main" className="relative flex-1 p-4 md:p-8">
          {navigation.state === "loading" ? (
            <div role="status" className="absolute inset-x-0 top-0 z-20 bg-teal-700 px-4 py-1 text-center text-sm text-white">
              Loading...
            </div>
          ) : null}
          {children}
        </main>
      </div>
    </div>
  );
}
