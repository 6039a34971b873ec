import { ArrowDown, ArrowUp, GripVertical } from "lucide-react";
import { useRef, useState, type ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/**
 * An ordered list staff rearrange by dragging a row, or by its Move up / Move down buttons (the
 * keyboard and screen-reader way). Each move is announced in a live region; `onMove` gets the
 * indexes (use `moveItem` from ~/lib/move-item to apply them).
 */
export function SortableList<T>({
  items,
  getKey,
  getLabel,
  onMove,
  renderItem,
  label,
  disabled = false,
  className,
}: {
  items: readonly T[];
  getKey: (item: T, index: number) => string;
  /** Names the row in the move buttons and the announcement ("Move Water Bottles up"). */
  getLabel: (item: T, index: number) => string;
  onMove: (from: number, to: number) => void;
  renderItem: (item: T, index: number) => ReactNode;
  /** The list's accessible name. */
  label: string;
  disabled?: boolean;
  className?: string;
}) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());

  const move = (from: number, to: number, focus?: "up" | "down") => {
    if (to < 0 || to >= items.length || from === to) return;
    const item = items[from]!;
    onMove(from, to);
    setAnnouncement(`${getLabel(item, from)} moved to position ${to + 1} of ${items.length}.`);
    if (focus) {
      // Keep focus on the moved row's button so repeated presses keep moving the same item;
      // at either end focus passes to the other button, which is still enabled.
      const atEnd = focus === "up" ? to === 0 : to === items.length - 1;
      const which = atEnd ? (focus === "up" ? "down" : "up") : focus;
      requestAnimationFrame(() => buttons.current.get(`${getKey(item, from)}:${which}`)?.focus());
    }
  };

  return (
    <>
      <ol aria-label={label} className={cn("divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800", className)}>
        {items.map((item, index) => {
          const key = getKey(item, index);
          const name = getLabel(item, index);
          return (
            <li
              key={key}
              data-key={key}
              data-sortable-row
              draggable={!disabled}
              onDragStart={(event) => {
                // Lists nest (a menu's sections hold links): the innermost list owns the drag.
                event.stopPropagation();
                setDragging(index);
                event.dataTransfer.effectAllowed = "move";
                event.dataTransfer.setData("text/plain", key);
              }}
              onDragOver={(event) => {
                if (dragging === null) return;
                event.preventDefault();
                event.stopPropagation();
                setOver(index);
              }}
              onDragLeave={() => setOver((o) => (o === index ? null : o))}
              onDrop={(event) => {
                if (dragging === null) return;
                event.preventDefault();
                event.stopPropagation();
                move(dragging, index);
                setDragging(null);
                setOver(null);
              }}
              onDragEnd={() => {
                setDragging(null);
                setOver(null);
              }}
              className={cn(
                "flex items-center gap-3 bg-white px-3 py-2 dark:bg-slate-900",
                dragging === index && "opacity-50",
                over === index && dragging !== index && "outline-2 outline-teal-600",
              )}
            >
              <span data-drag-handle title={`Drag to reorder ${name}`} className={cn("shrink-0 text-slate-500", !disabled && "cursor-grab")}>
                <GripVertical aria-hidden className="size-4" />
              </span>
              <div className="min-w-0 flex-1">{renderItem(item, index)}</div>
              <div className="flex shrink-0 gap-1">
                <button
                  type="button"
                  className={buttonClass("ghost", "sm")}
                  aria-label={`Move ${name} up`}
                  disabled={disabled || index === 0}
                  ref={(el) => void buttons.current.set(`${key}:up`, el)}
                  onClick={() => move(index, index - 1, "up")}
                >
                  <ArrowUp aria-hidden className="size-4" />
                </button>
                <button
                  type="button"
                  className={buttonClass("ghost", "sm")}
                  aria-label={`Move ${name} down`}
                  disabled={disabled || index === items.length - 1}
                  ref={(el) => void buttons.current.set(`${key}:down`, el)}
                  onClick={() => move(index, index + 1, "down")}
                >
                  <ArrowDown aria-hidden className="size-4" />
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}
