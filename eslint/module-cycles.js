// glacial/no-module-cycle: modules (app/modules/<m>) must not depend on each other in a circle.
// import-x/no-cycle sees cycles between files; two modules can still lean on each other through
// different files (catalog -> media in one file, media -> catalog in another), which makes them
// one module in all but name. This rule reads the module graph once per lint run and reports every
// import that closes such a circle, naming the circle.
import fs from "node:fs";
import path from "node:path";

const IMPORT = /(?:^|[\s;])(?:import|export)\b[^;'"]*?\bfrom\s*["']~\/modules\/([^/"']+)\/([^"']+)["']|import\(\s*["']~\/modules\/([^/"']+)\/([^"']+)["']\s*\)/g;
const graphs = new Map();

function sourceFiles(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

/** module -> set of modules it imports (a schema file's foreign-key references excepted). */
function moduleGraph(root) {
  if (graphs.has(root)) return graphs.get(root);
  const modulesDir = path.join(root, "app", "modules");
  const graph = new Map();
  if (fs.existsSync(modulesDir)) {
    for (const m of fs.readdirSync(modulesDir)) {
      const dir = path.join(modulesDir, m);
      if (!fs.statSync(dir).isDirectory()) continue;
      const targets = new Set();
      for (const file of sourceFiles(dir)) {
        const text = fs.readFileSync(file, "utf8");
        for (const match of text.matchAll(IMPORT)) {
          const target = match[1] ?? match[3];
          const targetFile = match[2] ?? match[4];
          if (target === m) continue;
          if (path.basename(file) === "schema.ts" && targetFile === "schema") continue;
          targets.add(target);
        }
      }
      graph.set(m, targets);
    }
  }
  graphs.set(root, graph);
  return graph;
}

/** A path of modules from `from` back to `to`, or null. */
function pathBetween(graph, from, to, seen = new Set()) {
  if (from === to) return [to];
  if (seen.has(from)) return null;
  seen.add(from);
  for (const next of graph.get(from) ?? []) {
    const rest = pathBetween(graph, next, to, seen);
    if (rest) return [from, ...rest];
  }
  return null;
}

export const moduleCycleRule = {
  meta: { type: "problem", docs: { description: "forbid import cycles between domain modules" }, schema: [], messages: { cycle: "import cycle between modules: {{cycle}} (docs/architecture.md: modules depend one way)" } },
  create(context) {
    const root = context.cwd;
    const rel = path.relative(path.join(root, "app", "modules"), context.filename);
    if (rel.startsWith("..") || path.isAbsolute(rel)) return {};
    const self = rel.split(path.sep)[0];
    const isSchema = path.basename(context.filename) === "schema.ts";
    const check = (node, source) => {
      const match = /^~\/modules\/([^/]+)\/(.+)$/.exec(source ?? "");
      if (!match || match[1] === self) return;
      if (isSchema && match[2] === "schema") return;
      const back = pathBetween(moduleGraph(root), match[1], self);
      if (back) context.report({ node, messageId: "cycle", data: { cycle: [self, ...back].join(" -> ") } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
    };
  },
};
