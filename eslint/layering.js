// The layering of the code base, as ESLint rules (docs/architecture.md draws the same picture).
//
// Every source file belongs to one zone, and a zone may import only from the zones below it:
//
//   server/ (HTTP)  scripts/                          tests/, config files: anything
//      │               │
//   app/routes, app shell (root, entries, routes.ts, load-context)
//      │        └──── app/components (browser-safe)
//   app/services.server.ts, app/config.server.ts (the composition root), app/seed
//      │
//   app/modules/<m>   (each module reaches another only through that module's face)
//      │
//   app/db, app/lib
//
// A module's face is two files: `<m>.server.ts` (its server code) and `<m>.ts` (its browser-safe
// rules and types). Nothing outside the module imports any other file of it, except a `schema.ts`
// referencing another module's table for a foreign key, and app/db/schema.ts collecting every
// table for drizzle. Browser-safe files (components, app/lib, a module's files other than
// *.server.ts and schema.ts) never import server code (a type import is fine: it is erased).
// A file in no zone is an error, so a new folder has to be placed in the layering first.
import fs from "node:fs";
import path from "node:path";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import { moduleCycleRule } from "./module-cycles.js";

const SOURCE = "{ts,tsx,js,mjs}";

/** Where each zone's files are, relative to the project root. */
export const ZONES = {
  http: [`server/**/*.${SOURCE}`],
  scripts: [`scripts/**/*.${SOURCE}`],
  routes: [`app/routes/**/*.${SOURCE}`],
  shell: ["app/root.tsx", "app/entry.client.tsx", "app/entry.server.tsx", "app/routes.ts", "app/load-context.ts"],
  components: [`app/components/**/*.${SOURCE}`],
  composition: ["app/services.server.ts", "app/config.server.ts"],
  seed: [`app/seed/**/*.${SOURCE}`],
  modules: [`app/modules/**/*.${SOURCE}`],
  db: [`app/db/**/*.${SOURCE}`],
  lib: [`app/lib/**/*.${SOURCE}`],
  tests: [`tests/**/*.${SOURCE}`, `app/**/*.test.${SOURCE}`],
  config: [`*.config.${SOURCE}`, `eslint/**/*.${SOURCE}`, `bench/**/*.${SOURCE}`],
};

/** The top-level entries of app/ each zone may import (`~/<entry>`); modules are handled apart. */
const MAY_IMPORT = {
  http: ["lib", "db", "services.server", "config.server", "load-context"],
  scripts: ["lib", "db", "services.server", "config.server", "seed"],
  routes: ["lib", "components", "load-context", "config.server"],
  shell: ["lib", "components", "load-context", "services.server"],
  components: ["lib", "components"],
  composition: ["lib", "db", "seed", "config.server"],
  seed: ["lib", "db"],
  modules: ["lib", "db"],
  db: ["lib", "db"],
  lib: ["lib"],
};

/** Packages that only run on the server: never in a browser-safe file. */
const SERVER_PACKAGES = ["drizzle-orm", "drizzle-orm/*", "pg", "@electric-sql/pglite", "sharp", "pino", "nodemailer", "pdfkit", "razorpay", "pg-boss", "node:*"];

function appEntries(root) {
  const dir = path.join(root, "app");
  return [...new Set(fs.readdirSync(dir).filter((name) => !/\.test\.tsx?$/.test(name)).map((name) => name.replace(/\.(tsx?|jsx?|css)$/, "")))].filter((n) => n !== "modules");
}

function modulesOf(root) {
  const dir = path.join(root, "app", "modules");
  return fs.readdirSync(dir).filter((name) => fs.statSync(path.join(dir, name)).isDirectory()).sort();
}

/**
 * The options of `no-restricted-imports` for one kind of file. ESLint keeps only the last options
 * set for a rule on a file, so each kind gets its complete list here, never a partial one.
 */
function restrictions(root, { zone, self = null, browserSafe = false, schemaFile = false, noSql = false }) {
  const patterns = [];
  if (noSql) patterns.push({ group: ["drizzle-orm", "drizzle-orm/*"], message: "no SQL in routes: call a domain module" });
  const allowed = new Set(MAY_IMPORT[zone]);
  const forbiddenTop = appEntries(root).filter((entry) => !allowed.has(entry));
  if (forbiddenTop.length) {
    patterns.push({
      group: forbiddenTop.flatMap((entry) => [`~/${entry}`, `~/${entry}/**`]),
      message: `the ${zone} layer may import only ${[...allowed].map((a) => `~/${a}`).join(", ")} and module faces (docs/architecture.md: layers)`,
    });
  }
  patterns.push({ group: ["../*", "../**"], message: "import another folder through its ~/ path, not a relative path that climbs out" });
  for (const m of modulesOf(root)) {
    if (m === self) continue;
    const group = [`~/modules/${m}/*`, `!~/modules/${m}/${m}`, `!~/modules/${m}/${m}.server`];
    if (schemaFile) group.push(`!~/modules/${m}/schema`);
    patterns.push({ group, message: `reach the ${m} module only through its face: ~/modules/${m}/${m} (browser-safe) or ~/modules/${m}/${m}.server` });
  }
  if (browserSafe) {
    patterns.push({ group: ["**/*.server", "~/db", "~/db/**"], allowTypeImports: true, message: "browser-safe code must not import server-only code (a type import is fine)" });
    patterns.push({ group: SERVER_PACKAGES, allowTypeImports: true, message: "browser-safe code must not import server-only packages" });
  }
  return ["error", { patterns }];
}

const BROWSER_SAFE_MODULE_FILES = "!(*.server|schema|*.test).{ts,tsx}";

/** The flat-config objects of the layering, for the project at `root`. */
export function layering(root) {
  const configs = [];
  const rule = (files, options, ignores = []) => configs.push({ files, ignores: [...ignores, ...ZONES.tests], rules: { "no-restricted-imports": restrictions(root, options) } });

  rule(ZONES.http, { zone: "http" });
  rule(ZONES.scripts, { zone: "scripts" });
  rule(ZONES.routes, { zone: "routes", noSql: true });
  rule(ZONES.shell, { zone: "shell" });
  rule(ZONES.components, { zone: "components", browserSafe: true });
  rule(ZONES.composition, { zone: "composition" });
  rule(ZONES.seed, { zone: "seed" });
  rule(["app/db/**/*.ts"], { zone: "db" }, ["app/db/schema.ts"]);
  rule(["app/db/schema.ts"], { zone: "db", schemaFile: true });
  rule(["app/lib/**/*.server.{ts,tsx}"], { zone: "lib" });
  rule(["app/lib/**/*.{ts,tsx}"], { zone: "lib", browserSafe: true }, ["app/lib/**/*.server.{ts,tsx}"]);
  for (const m of modulesOf(root)) {
    const dir = `app/modules/${m}`;
    rule([`${dir}/**/*.server.{ts,tsx}`], { zone: "modules", self: m });
    rule([`${dir}/**/schema.ts`], { zone: "modules", self: m, schemaFile: true });
    rule([`${dir}/**/${BROWSER_SAFE_MODULE_FILES}`], { zone: "modules", self: m, browserSafe: true });
  }

  // A file outside every zone is outside the layering: place its folder first.
  configs.push({
    files: [`**/*.${SOURCE}`],
    ignores: Object.values(ZONES).flat(),
    rules: { "no-restricted-syntax": ["error", { selector: "Program", message: "this file is outside the layering: add its folder to a zone in eslint/layering.js and docs/architecture.md" }] },
  });

  // Cycles: between files (import-x), and between modules (ours: the module graph).
  configs.push({
    files: [`app/**/*.{ts,tsx}`, `server/**/*.ts`],
    // A schema file may reference another module's table for a foreign key, in either direction
    // (drizzle's references are lazy); every other import takes part in the cycle check.
    ignores: ["app/modules/*/schema.ts", ...ZONES.tests],
    plugins: { "import-x": importX, glacial: { rules: { "no-module-cycle": moduleCycleRule } } },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: path.join(root, "tsconfig.json") })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }], "glacial/no-module-cycle": "error" },
  });
  return configs;
}
