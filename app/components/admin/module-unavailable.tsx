import { Construction } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "~/components/admin/kit/empty-state";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";

/** The honest empty state of a module whose own work has not landed yet. */
export function ModuleUnavailable({ title, what, children }: { title: string; what: string; children?: ReactNode }) {
  return (
    <AdminPage width="medium">
      <PageHeader title={title} />
      <EmptyState icon={<Construction aria-hidden className="size-10" />} title={`${title} is not available yet.`} description={what} action={children} />
    </AdminPage>
  );
}

/** @deprecated Use `AdminPage` + `PageHeader` from `~/components/admin/kit/page-header`; kept only until the dashboard is rebuilt on the kit. */
export function PageTitle({ children }: { children: ReactNode }) {
  return <h1 id="page-title" className="text-2xl font-semibold">{children}</h1>;
}
