import { useEffect } from "react";
import { useBlocker } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";

/**
 * Warns before unsaved changes are lost: in-app navigation asks in a dialog, closing or reloading
 * the tab gets the browser's own prompt (the only one browsers allow there).
 */
export function LeaveGuard({ dirty, subject }: { dirty: boolean; /** "This product", "This collection" */ subject: string }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older Chromium needs returnValue set to show the prompt.
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  return (
    <Dialog open={blocker.state === "blocked"} onOpenChange={(open) => !open && blocker.reset?.()}>
      <DialogContent className="max-w-md p-6 text-slate-900" closeLabel="Stay on this page">
        <DialogTitle className="text-lg font-semibold">Leave without saving?</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-slate-700">{`${subject} has unsaved changes. They are lost if you leave now.`}</DialogDescription>
        <div className="mt-6 flex justify-end gap-2">
          <Button onClick={() => blocker.reset?.()}>Stay</Button>
          <Button variant="danger" onClick={() => blocker.proceed?.()}>
            Leave without saving
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
