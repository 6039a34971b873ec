import { LogOut, UserRound } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { Link, useSubmit } from "react-router";

export function AccountMenu({ email, roles }: { email: string; roles: string[] }) {
  const submit = useSubmit();
  const initial = (email.trim()[0] ?? "?").toUpperCase();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label="Account menu"
        className="inline-flex size-9 items-center justify-center rounded-full bg-teal-700 font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
      >
        <span aria-hidden>{initial}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-60 rounded-lg border border-slate-200 bg-white p-1 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block truncate text-sm font-medium" data-testid="account-email">{email}</span>
            <span className="block text-xs text-slate-600 dark:text-slate-300" data-testid="account-roles">
              {roles.length ? roles.join(", ") : "No roles assigned"}
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item asChild className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800">
            <Link to="/admin/account">
              <UserRound aria-hidden className="size-4" /> My account
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={() => submit(null, { method: "post", action: "/admin/logout" })}
            className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800"
          >
            <LogOut aria-hidden className="size-4" /> Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
