/** A trace event as the attribution reads it (microseconds; `tdur` the thread's own clock). */
export type TraceEvent = { name: string; ts: number; dur: number; tdur?: number; ph?: string; pid?: number; tid?: number; args?: unknown };
export type Kind = "parse" | "style and layout" | "paint" | "script" | "navigation commit" | "other";
/** A modelled task's timing (ms), as Lighthouse's simulation gives it. */
export type NodeTiming = { startTime: number; endTime: number; duration: number };
export type Replay = { timings: Map<{ type: string; event?: TraceEvent }, NodeTiming>; from: number; to: number };
export type BlockingTask = { blocking: number; blockingOnCpu: number; start: number; duration: number };
export type OnCpu = { tbtOnCpuMs: number; onCpuShare: number | null };

export const KINDS: Kind[];
export function kindOf(name: string): Kind;
export function kindsInside(task: TraceEvent, mainEvents: TraceEvent[]): Map<Kind, number>;
export function onCpuShare(event: TraceEvent): number;
export function blockingTasks(replays: Replay[]): Map<TraceEvent, BlockingTask>;
export function blockingByKind(tasks: Map<TraceEvent, BlockingTask>, mainEvents: TraceEvent[]): Map<Kind, number>;
export function blockingOnCpu(tasks: Map<TraceEvent, BlockingTask>): OnCpu;
export function blockingOfRun(result: { lhr: unknown; artifacts: unknown }): Promise<{ tbtMs: number; tasks: Map<TraceEvent, BlockingTask>; main: TraceEvent[]; paint: TraceEvent | null; byKind: Map<Kind, number> } & OnCpu>;
export function formatKinds(byKind: Map<Kind, number> | Partial<Record<Kind, number>>): string;
