import { minifySync, parseSync, type Plugin } from "vite";

/** The call, in the server's code, that names a function sent to the browser as an inline script. */
const CALL = /\bbrowserScriptSource\(\s*([A-Za-z_$][\w$]*)\s*\)/g;

/**
 * Inline scripts the server writes into every storefront page (the early-tap answerer, the
 * hydration loader) are functions of the server's code, sent as their source. Read with
 * `toString()` they arrive as written, comments and long names included: some 18 KB of every
 * page, copied and sent on each request. In the server build, each `browserScriptSource(fn)` is
 * replaced by the minified source of `fn` as a string (about a third smaller); in development and
 * in tests the function's own `toString()` is used.
 */
export function minifyBrowserScripts(): Plugin {
  return {
    name: "glacial:minify-browser-scripts",
    apply: "build",
    applyToEnvironment: (environment) => environment.name !== "client",
    renderChunk(code, chunk) {
      if (!code.includes("browserScriptSource(")) return null;
      const parsed = parseSync(chunk.fileName, code);
      const inComment = (offset: number) => parsed.comments.some((comment) => comment.start <= offset && offset < comment.end);
      const sources = new Map<string, string>();
      let replaced = 0;
      const out = code.replace(CALL, (call, name: string, offset: number) => {
        // The helper's own definition (`function browserScriptSource(fn)`) and comments stay.
        if (code.slice(Math.max(0, offset - 9), offset) === "function " || inComment(offset)) return call;
        replaced += 1;
        if (!sources.has(name)) sources.set(name, minifiedFunction(parsed.program, code, name, chunk.fileName));
        return JSON.stringify(sources.get(name));
      });
      return replaced ? { code: out, map: null } : null;
    },
  };
}

/** The function declared as `name` at the top of the bundled `code` (parsed as `program`), minified, as an expression. */
export function minifiedFunction(program: ReturnType<typeof parseSync>["program"], code: string, name: string, fileName: string): string {
  let declaration: { start: number; end: number } | undefined;
  for (const node of program.body) if (node.type === "FunctionDeclaration" && node.id?.name === name) declaration = node;
  if (!declaration) throw new Error(`browserScriptSource(${name}) in ${fileName}: no top-level function ${name} in the bundle`);
  const text = code.slice(declaration.start, declaration.end);
  // An assignment keeps the function from being dropped as unused; the name inside goes.
  const minified = minifySync("browser-script.js", `globalThis.__browserScript = ${text.replace(/^function\s+[\w$]+/, "function")};`, { compress: true, mangle: true }).code.trim();
  const match = /^globalThis\.__browserScript\s*=\s*([\s\S]*?);?$/.exec(minified);
  if (!match) throw new Error(`browserScriptSource(${name}) in ${fileName}: the minifier's output has an unexpected shape`);
  return match[1]!;
}
