// The jobs module's face for server code: the only file of it that code outside the module imports
// (besides jobs.ts, its browser-safe face).
export { type JobQueue, openJobQueue } from "./job-queue.server";
