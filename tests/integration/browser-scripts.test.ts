import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { parseSync } from "vite";
import { minifiedFunction, minifyBrowserScripts } from "../../scripts/vite-browser-scripts";

// A bundle as the server build leaves it: the helper, a browser-side function and its use.
const bundle = `import fs from "node:fs";
/** Sends a function as \`(\${browserScriptSource(fn)})(args)\`. */
function browserScriptSource(fn) {
  return fn.toString().replace(/\\n\\s+/g, "\\n");
}
/** Counts the words of a label: comments and long names go. */
function countLabelWords(labelText, separatorCharacter) {
  // Split on the separator the server names.
  const everyPieceOfTheLabel = labelText.split(separatorCharacter);
  const nonEmptyPieces = everyPieceOfTheLabel.filter((piece) => piece.length > 0);
  return { words: nonEmptyPieces.length, first: nonEmptyPieces[0] ?? null };
}
const SOURCE = browserScriptSource(countLabelWords);
const AGAIN = browserScriptSource( countLabelWords );
export { SOURCE, AGAIN, fs };
`;

function renderChunk(code: string) {
  const plugin = minifyBrowserScripts();
  const hook = plugin.renderChunk as unknown as (code: string, chunk: { fileName: string }) => { code: string } | null;
  return hook.call({}, code, { fileName: "index.js" });
}

describe("inline browser scripts in the server build", () => {
  it("replace each browserScriptSource(fn) with fn's minified source, which runs the same", () => {
    const out = renderChunk(bundle)!.code;
    const source = minifiedFunction(parseSync("index.js", bundle).program, bundle, "countLabelWords", "index.js");
    expect(out).toContain(`const SOURCE = ${JSON.stringify(source)};`);
    expect(out).toContain(`const AGAIN = ${JSON.stringify(source)};`);
    // The helper's own definition stays as it was.
    expect(out).toContain("function browserScriptSource(fn) {");
    expect(source).not.toMatch(/countLabelWords|everyPieceOfTheLabel|Split on|\n/);
    const original = bundle.slice(bundle.indexOf("function countLabelWords"), bundle.indexOf("const SOURCE"));
    expect(source.length).toBeLessThan(original.length / 2);
    const run = (src: string) => vm.runInNewContext(`(${src})("a,,b,c", ",")`);
    expect(run(source)).toEqual({ words: 3, first: "a" });
    expect(run(source)).toEqual(run(original.replace("function countLabelWords", "function")));
  });

  it("leave a chunk without the helper alone and stop the build when the named function is not in the bundle", () => {
    expect(renderChunk("export const x = 1;")).toBeNull();
    expect(() => renderChunk("const S = browserScriptSource(missingFunction);")).toThrow(/no top-level function missingFunction/);
  });
});
