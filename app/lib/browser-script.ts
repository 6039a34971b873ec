/**
 * The source of a function that runs in the browser as an inline script, called there with
 * arguments the server writes after it: `(${browserScriptSource(fn)})(args)`. The function must
 * use only its arguments and browser globals. The server build replaces each call with the
 * function's minified source (scripts/vite-browser-scripts.ts); elsewhere (development, tests)
 * the source is the function's own, without its indentation (none of these functions' strings
 * spans lines).
 */
export function browserScriptSource(fn: (...args: never[]) => unknown): string {
  return fn.toString().replace(/\n\s+/g, "\n");
}
