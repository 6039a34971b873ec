// The jobs module's face: the only file of it that code outside the module imports (it has no
// browser-safe rules for others).
export { type JobQueue, openJobQueue } from "./job-queue.server";
