import fs from "node:fs";
import { parseSync, type Plugin, type Rolldown } from "vite";

/**
 * Fewer, larger script files for the storefront's first view.
 *
 * Left alone, the bundler gives every set of route modules sharing some code its own chunk: an icon
 * used by the root and two admin screens, the class-name helper, the money formatter... The home
 * page loaded 34 scripts, thirty of them under 5 KB, and on the wire each small one costs its
 * response headers (about 730 bytes here, a CSP among them) and compresses worse than one larger
 * file would. The root route is loaded on every page, so everything the root and the client entry
 * use can share a file at no cost to any page; so can the code that only storefront pages use.
 *
 * Three groups, each taken only from what a page really uses (see `usedClosure`):
 * - `framework`: the packages the root and the client entry use (React, React DOM, React Router,
 *   the Radix parts and icons of the storefront chrome), apart from the app's code so a release
 *   that changes only the app leaves this file cached;
 * - `shell`: the app's own code that the root and the client entry use (the chrome, the cart's
 *   context, the early-tap helpers);
 * - `storefront`: what the storefront's page routes use beyond the shell, unless a route outside
 *   the storefront uses it too (that code is left to the bundler, so no back-office page is made to
 *   load storefront code, nor a storefront page the back office's).
 * Lazily loaded code (the cart drawer, the chat, charts) is reached only by dynamic imports, which
 * the closure does not follow: it keeps its own chunks and stays out of the first view.
 */
export function storefrontChunks(options: { shellEntries: RegExp[]; storefrontRoutes: RegExp[] }) {
  const groupOf = new Map<string, "framework" | "shell" | "storefront">();
  const plugin: Plugin = {
    name: "glacial:storefront-chunks",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    // The groups below take only the modules a page uses, not the bundler's idea of their
    // dependencies; the bundler then asks that an entry may gain exports (route modules keep theirs;
    // React Router sets "exports-only" after the user's configuration).
    options: (input) => ({ ...input, preserveEntrySignatures: "allow-extension" }),
    async buildEnd(error) {
      if (error) return;
      groupOf.clear();
      const graph = await readGraph(this);
      const entries = [...graph.keys()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const lazy = [...graph.keys()].flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []);
      const shellRoots = entries.filter((id) => options.shellEntries.some((re) => re.test(id)));
      const storefrontRoots = entries.filter((id) => options.storefrontRoutes.some((re) => re.test(id)));
      const otherRoots = [...entries.filter((id) => !shellRoots.includes(id) && !storefrontRoots.includes(id)), ...lazy];
      if (shellRoots.length !== options.shellEntries.length) this.error(`storefront chunks: expected ${options.shellEntries.length} shell entries, found ${shellRoots.length}`);
      // A module goes whole into one chunk, with every statement any page uses: it joins a group
      // only if those statements need no module outside the group's pages' own (otherwise, say,
      // the chat's input rules would bring the schema library to every page for the one constant
      // the chrome reads).
      const everywhere = usedClosure(graph, [...entries, ...lazy]);
      const covered = (id: string, by: Usage, alone = false) => {
        const all = everywhere.get(id);
        if ((!alone && !by.has(id)) || !all) return false;
        const m = graph.get(id)!;
        if (m.opaque) return true;
        for (const index of all.statements)
          for (const ref of (m.statements[index]?.refs ?? [])) {
            const binding = m.bindings.get(ref);
            if (binding && !by.has(binding[0]) && everywhere.has(binding[0])) return false;
          }
        return true;
      };
      const shell = usedClosure(graph, shellRoots);
      const elsewhere = usedClosure(graph, otherRoots);
      for (const id of shell.keys()) if (!entries.includes(id) && covered(id, shell)) groupOf.set(id, isPackage(id) ? "framework" : "shell");
      // Storefront code that at least two of the storefront's page routes use; a page's own code
      // stays in its route's chunk, and what a page outside the storefront uses is left alone.
      const perPage = storefrontRoots.map((root) => usedClosure(graph, [root]));
      const storefront = usedClosure(graph, storefrontRoots);
      for (const id of storefront.keys()) {
        if (groupOf.has(id) || entries.includes(id) || shell.has(id) || (elsewhere.get(id)?.statements.size ?? 0) > 0 || elsewhere.get(id)?.opaque) continue;
        if (perPage.filter((page) => page.has(id)).length >= 2 && covered(id, storefront)) groupOf.set(id, "storefront");
      }
      // Modules that grouped code needs (a grouped module brings every statement any page uses).
      const neededByGroups = new Set<string>();
      for (const id of groupOf.keys()) {
        const m = graph.get(id)!;
        for (const index of everywhere.get(id)?.statements ?? [])
          for (const ref of (m.statements[index]?.refs ?? [])) {
            const binding = m.bindings.get(ref);
            if (binding) neededByGroups.add(binding[0]);
          }
      }
      // Helpers of a few hundred bytes that storefront pages share with other pages (the money
      // formatter, the class-name joiner, the meta builder) would each be a request of their own,
      // mostly headers: every page gets them with the shell instead.
      for (const id of storefront.keys()) {
        if (groupOf.has(id) || entries.includes(id) || isPackage(id) || graph.get(id)!.opaque) continue;
        // A page's own small parts stay with its route (unless grouped code needs them).
        if (perPage.filter((page) => page.has(id)).length < 2 && !elsewhere.has(id) && !neededByGroups.has(id)) continue;
        if ((this.getModuleInfo(id)?.code?.length ?? Infinity) <= SMALL_HELPER && covered(id, shell, true)) groupOf.set(id, "shell");
      }
      // CHUNKS_REPORT=file.json: which module went to which group, to check a change by.
      if (process.env.CHUNKS_REPORT) fs.writeFileSync(process.env.CHUNKS_REPORT, JSON.stringify([...groupOf], null, 1));
    },
  };
  const group = (name: "framework" | "shell" | "storefront", priority: number): Rolldown.CodeSplittingGroup => ({
    name,
    priority,
    test: (id: string) => groupOf.get(id) === name || (name === "framework" && BUILD_HELPERS.test(id)),
    // The closure above already holds every module a captured one uses; the bundler's own notion
    // of a module's dependencies counts every file a module face re-exports, used or not.
    includeDependenciesRecursively: false,
  });
  const codeSplitting: Rolldown.CodeSplittingOptions = { groups: [group("framework", 3), group("shell", 2), group("storefront", 1)] };
  // Whether every storefront page runs a rendered file at start-up: the three groups, the shell's
  // entries and the storefront's page routes (what scripts/vite-compile-hints.ts marks).
  const startsUp = (chunk: Rolldown.RenderedChunk) =>
    ["framework", "shell", "storefront"].includes(chunk.name) || (chunk.isEntry && [...options.shellEntries, ...options.storefrontRoutes].some((re) => re.test(chunk.facadeModuleId ?? "")));
  return { plugin, codeSplitting, startsUp };
}

/** Vite's preload helper: tiny, and used by nearly every chunk. */
const BUILD_HELPERS = /^\0?(?:rolldown[:/]runtime|vite\/preload-helper)/;

/** Source size (after TypeScript) under which a shared helper rides with the shell. */
const SMALL_HELPER = 1500;

const isPackage = (id: string) => /[\\/]node_modules[\\/]/.test(id);

type ModuleFacts = {
  /** Not understood (CommonJS, unparsable, an import that did not resolve): everything it imports is used, whole. */
  opaque: string[] | null;
  /** Imported bindings: local name -> [module id, imported name or "*"]. */
  bindings: Map<string, [string, string]>;
  /** `import "x"`: modules imported for their effects. */
  bare: string[];
  /** Names this module exports from another module: exported name -> [id, imported name or "*"]. */
  reexports: Map<string, [string, string]>;
  /** `export * from`: modules whose names (but "default") this one passes on. */
  stars: string[];
  /** Exported name -> the local name it exports. */
  exports: Map<string, string>;
  /** Top-level statements: the names each declares and the names it mentions; effects run on import. */
  statements: { refs: string[] }[];
  declaredBy: Map<string, number[]>;
  effects: number[];
};

const opaqueFacts = (deps: string[]): ModuleFacts => ({
  opaque: deps,
  bindings: new Map(),
  bare: [],
  reexports: new Map(),
  stars: [],
  exports: new Map(),
  statements: [],
  declaredBy: new Map(),
  effects: [],
});

type Node = { type?: string; [key: string]: unknown };

/** Every identifier under an AST node (declared or used: more is only ever safer here). */
function identifiers(node: unknown, out: Set<string>) {
  if (!node || typeof node !== "object") return out;
  if (Array.isArray(node)) {
    for (const n of node) identifiers(n, out);
    return out;
  }
  const n = node as Node;
  if (n.type === "Identifier" && typeof n.name === "string") out.add(n.name);
  for (const key in n) if (key !== "type" && key !== "start" && key !== "end") identifiers(n[key], out);
  return out;
}

/** Names a declaration introduces at the top level. */
function declared(node: Node): string[] {
  if (node.type === "VariableDeclaration") return [...identifiers((node.declarations as Node[]).map((d) => d.id), new Set())];
  if ((node.type === "FunctionDeclaration" || node.type === "ClassDeclaration") && node.id) return [(node.id as Node).name as string];
  return [];
}

async function readGraph(ctx: Rolldown.PluginContext): Promise<Map<string, ModuleFacts>> {
  const graph = new Map<string, ModuleFacts>();
  for (const id of ctx.getModuleIds()) {
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    let parsed;
    try {
      parsed = info.code ? parseSync("module.js", info.code) : null;
    } catch {
      parsed = null;
    }
    if (!parsed || !parsed.module.hasModuleSyntax || parsed.errors.length) {
      graph.set(id, opaqueFacts([...info.importedIds]));
      continue;
    }
    const known = new Set(info.importedIds);
    const resolved = new Map<string, string | null>();
    let unresolved = false;
    const resolve = async (spec: string) => {
      if (!resolved.has(spec)) {
        const r = await ctx.resolve(spec, id);
        resolved.set(spec, r && known.has(r.id) ? r.id : null);
      }
      const target = resolved.get(spec)!;
      if (!target) unresolved = true;
      return target;
    };
    const facts = opaqueFacts([]);
    facts.opaque = null;
    for (const imp of parsed.module.staticImports) {
      const target = await resolve(imp.moduleRequest.value);
      if (!target) continue;
      if (imp.entries.length === 0) facts.bare.push(target);
      for (const e of imp.entries)
        facts.bindings.set(e.localName.value, [target, e.importName.kind === "Default" ? "default" : e.importName.kind === "NamespaceObject" ? "*" : e.importName.name!]);
    }
    for (const exp of parsed.module.staticExports) {
      for (const e of exp.entries) {
        const exported = e.exportName.kind === "Default" ? "default" : e.exportName.name;
        if (!e.moduleRequest) {
          if (exported) facts.exports.set(exported, e.localName.kind === "Default" ? "default" : (e.localName.name ?? exported));
          continue;
        }
        const target = await resolve(e.moduleRequest.value);
        if (!target) continue;
        if (e.importName.kind === "AllButDefault") facts.stars.push(target);
        else if (exported) facts.reexports.set(exported, [target, e.importName.kind === "All" ? "*" : e.importName.kind === "Name" ? e.importName.name! : "default"]);
      }
    }
    for (const statement of parsed.program.body as unknown as Node[]) {
      if (statement.type === "ImportDeclaration" || statement.type === "ExportAllDeclaration") continue;
      if (statement.type === "ExportNamedDeclaration" && (statement.source || !statement.declaration)) continue;
      let node = statement;
      let names: string[];
      if (statement.type === "ExportDefaultDeclaration") {
        node = statement.declaration as Node;
        names = ["default", ...declared(node)];
      } else {
        if (statement.type === "ExportNamedDeclaration") node = statement.declaration as Node;
        names = declared(node);
      }
      const index = facts.statements.push({ refs: [...identifiers(node, new Set())] }) - 1;
      if (names.length === 0) facts.effects.push(index);
      for (const name of names) facts.declaredBy.set(name, [...(facts.declaredBy.get(name) ?? []), index]);
    }
    graph.set(id, unresolved ? opaqueFacts([...info.importedIds]) : facts);
  }
  return graph;
}

/** Whether `id` (or a module it passes names on from) exports `name`. */
function provides(graph: Map<string, ModuleFacts>, id: string, name: string, seen = new Set<string>()): boolean {
  const m = graph.get(id);
  if (!m || seen.has(id)) return false;
  seen.add(id);
  if (m.opaque) return true;
  if (m.exports.has(name) || m.reexports.has(name)) return true;
  return name !== "default" && m.stars.some((s) => provides(graph, s, name, seen));
}

/**
 * The modules that code reachable from `roots` really uses, statement by statement, as the
 * bundler's tree-shaking sees it: a name taken from a module brings in the statement that declares
 * it and what that statement mentions (other statements, imported names), plus the module's
 * top-level effects; a name taken from a face (a module that re-exports others) brings in only the
 * file that defines it. Modules it does not understand bring in everything they import.
 */
type Usage = Map<string, { names: Set<string>; statements: Set<number>; opaque?: boolean }>;

export function usedClosure(graph: Map<string, ModuleFacts>, roots: string[]): Usage {
  const used: Usage = new Map();
  const queue: [string, string[]][] = roots.map((r) => [r, ["*"]]);
  while (queue.length) {
    const [id, names] = queue.pop()!;
    const m = graph.get(id);
    if (!m) continue;
    let state = used.get(id);
    const first = !state;
    if (!state) used.set(id, (state = { names: new Set(), statements: new Set() }));
    if (state.names.has("*")) continue;
    const fresh = names.filter((n) => !state.names.has(n));
    if (!first && fresh.length === 0) continue;
    for (const n of fresh) state.names.add(n);
    if (m.opaque) {
      state.opaque = true;
      if (first) for (const dep of m.opaque) queue.push([dep, ["*"]]);
      continue;
    }
    const useStatement = (index: number) => {
      if (state.statements.has(index)) return;
      state.statements.add(index);
      for (const ref of (m.statements[index]?.refs ?? [])) useLocal(ref);
    };
    const useLocal = (local: string) => {
      const binding = m.bindings.get(local);
      if (binding) queue.push([binding[0], [binding[1]]]);
      for (const index of m.declaredBy.get(local) ?? []) useStatement(index);
    };
    if (first) {
      for (const index of m.effects) useStatement(index);
      for (const dep of m.bare) queue.push([dep, []]);
    }
    const all = fresh.includes("*");
    if (all) m.statements.forEach((_, index) => useStatement(index));
    for (const [exported, local] of m.exports) if (all || fresh.includes(exported)) useLocal(local);
    for (const [exported, [target, name]] of m.reexports) if (all || fresh.includes(exported)) queue.push([target, [name]]);
    for (const star of m.stars) {
      if (all) queue.push([star, ["*"]]);
      else {
        const wanted = fresh.filter((n) => n !== "default" && !m.exports.has(n) && !m.reexports.has(n) && provides(graph, star, n));
        if (wanted.length) queue.push([star, wanted]);
      }
    }
  }
  // A module that only passed names on (no statement of its own ran) is not used.
  for (const [id, state] of used) if (!state.opaque && state.statements.size === 0 && graph.get(id)!.bare.length === 0) used.delete(id);
  return used;
}
