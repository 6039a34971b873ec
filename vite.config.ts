import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { minifyBrowserScripts } from "./scripts/vite-browser-scripts";
import { compileHintBanner } from "./scripts/vite-compile-hints";
import { storefrontChunks } from "./scripts/vite-chunks";
import { precompressAssets } from "./scripts/vite-precompress";

// The storefront's first view loads a few larger scripts instead of thirty small ones (scripts/vite-chunks.ts).
const shellEntries = [/[\\/]app[\\/]root\.tsx\?/, /[\\/]app[\\/]entry\.client\.tsx$/];
const storefrontRoutes = [/[\\/]app[\\/]routes[\\/](?:home|product|collection|category|search|content-page)\.tsx\?/];
const chunks = storefrontChunks({ shellEntries, storefrontRoutes });

// What a storefront page runs at start-up is compiled off the main thread (scripts/vite-compile-hints.ts):
// the three shared files and the storefront's page routes.
const compileHints = compileHintBanner(
  (chunk) => ["framework", "shell", "storefront"].includes(chunk.name) || (chunk.isEntry && [...shellEntries, ...storefrontRoutes].some((re) => re.test(chunk.facadeModuleId ?? ""))),
);

export default defineConfig(({ isSsrBuild }) => ({
  // The server build bundles the Hono app together with the route modules.
  // In the browser build, a module's files have no side effects on import: a module's face
  // re-exports many files, and only what a page really uses may reach the shopper's phone.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" } }
    : { rollupOptions: { output: { codeSplitting: chunks.codeSplitting, postBanner: compileHints }, treeshake: { moduleSideEffects: (id: string) => !/[\\/]app[\\/]modules[\\/]/.test(id) } } },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter(), chunks.plugin, precompressAssets(), minifyBrowserScripts()],
}));
