import path from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../support/fixtures";
// @ts-expect-error: a plain ES module without types (the ESLint configuration's own code)
import { layering } from "../../eslint/layering.js";

// The import rules, proven on a miniature project (tests/fixtures/lint) whose files each break one
// rule on purpose: every rule must fire where it should, and stay quiet on the allowed imports.
const FIXTURE = path.join(ROOT, "tests", "fixtures", "lint");

type Found = { line: number; rule: string | null; message: string };
let results: Map<string, Found[]>;

beforeAll(async () => {
  const eslint = new ESLint({
    cwd: FIXTURE,
    overrideConfigFile: true,
    overrideConfig: [{ files: ["**/*.{ts,tsx}"], languageOptions: { parser: tseslint.parser } }, ...layering(FIXTURE)],
  });
  const linted = await eslint.lintFiles(["app/**/*.{ts,tsx}"]);
  results = new Map(linted.map((r) => [path.relative(FIXTURE, r.filePath), r.messages.map((m) => ({ line: m.line, rule: m.ruleId, message: m.message }))]));
}, 60_000);

const at = (file: string) => results.get(file) ?? [];

describe("the import rules (eslint/layering.js)", () => {
  it("refuse a module importing another module's internals, but not its face", () => {
    expect(at("app/modules/beta/reach-in.server.ts")).toEqual([
      expect.objectContaining({ line: 2, rule: "no-restricted-imports", message: expect.stringContaining("reach the alpha module only through its face") }),
    ]);
    expect(at("app/modules/beta/beta.server.ts")).toEqual([]);
  });

  it("refuse a browser-safe file importing server code, but allow a type import", () => {
    expect(at("app/modules/beta/rules.ts")).toEqual([
      expect.objectContaining({ line: 2, rule: "no-restricted-imports", message: expect.stringContaining("browser-safe code must not import server-only code") }),
    ]);
    expect(at("app/components/widget.tsx").map((m) => [m.line, m.message.split(":")[0]])).toEqual([
      [2, expect.stringContaining("reach the alpha module only through its face")],
      [3, expect.stringContaining("browser-safe code must not import server-only code")],
    ]);
  });

  it("refuse an import cycle between files", () => {
    for (const file of ["app/lib/cycle-a.ts", "app/lib/cycle-b.ts"]) {
      expect(at(file)).toEqual([expect.objectContaining({ rule: "import-x/no-cycle" })]);
    }
  });

  it("refuse an import cycle between modules, even through different files, and name it", () => {
    expect(at("app/modules/gamma/worker.server.ts")).toEqual([
      expect.objectContaining({ line: 2, rule: "glacial/no-module-cycle", message: expect.stringContaining("gamma -> delta -> gamma") }),
    ]);
    expect(at("app/modules/delta/uses-gamma.server.ts")).toEqual([
      expect.objectContaining({ line: 1, rule: "glacial/no-module-cycle", message: expect.stringContaining("delta -> gamma -> delta") }),
    ]);
  });

  it("refuse a folder outside the layering, and any import from it", () => {
    expect(at("app/utils/stray.ts")).toEqual([expect.objectContaining({ rule: "no-restricted-syntax", message: expect.stringContaining("outside the layering") })]);
    expect(at("app/routes/page.tsx")).toEqual([
      expect.objectContaining({ line: 2, rule: "no-restricted-imports", message: expect.stringContaining("the routes layer may import only") }),
    ]);
  });

  it("allow the lower layers and module faces", () => {
    for (const file of ["app/lib/money.ts", "app/db/types.ts", "app/modules/alpha/alpha.server.ts", "app/modules/alpha/alpha.ts", "app/modules/alpha/internal.server.ts", "app/modules/alpha/rules.ts", "app/modules/gamma/gamma.server.ts", "app/modules/delta/delta.server.ts"]) {
      expect(at(file), file).toEqual([]);
    }
  });
});
