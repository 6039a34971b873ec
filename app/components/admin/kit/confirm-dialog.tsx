import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "~/components/ui/dialog";

/**
 * A consequential action behind a question: the trigger opens a dialog that says what will
 * happen, and only its confirm button posts the form. Focus moves into the dialog and back to the
 * trigger on close (Radix). The post goes to `action` (usually "?do=<operation>"), carrying `hidden`.
 */
export function ConfirmDialog({
  triggerLabel,
  title,
  description,
  confirmLabel,
  action,
  hidden = {},
  destructive = false,
  disabled = false,
}: {
  triggerLabel: string;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  action: string;
  hidden?: Record<string, string | number>;
  destructive?: boolean;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.endsWith(action) === true;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger className={buttonClass(destructive ? "danger" : "secondary")} disabled={disabled}>
        {triggerLabel}
      </DialogTrigger>
      <DialogContent className="max-w-md p-6">
        <DialogTitle className="pr-8 text-lg font-semibold text-slate-900">{title}</DialogTitle>
        <DialogDescription asChild>
          <div className="mt-2 text-sm text-slate-700">{description}</div>
        </DialogDescription>
        <Form method="post" action={action} className="mt-6 flex justify-end gap-2" onSubmit={() => setOpen(false)}>
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={String(value)} />
          ))}
          <DialogClose className={buttonClass("secondary")}>Cancel</DialogClose>
          <Button type="submit" variant={destructive ? "danger" : "primary"} disabled={busy}>
            {confirmLabel}
          </Button>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
