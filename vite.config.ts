import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { minifyBrowserScripts } from "./scripts/vite-browser-scripts";
import { compileHintBanner } from "./scripts/vite-compile-hints";
import { storefrontChunks } from "./scripts/vite-chunks";
import { precompressAssets } from "./scripts/vite-precompress";

// The storefront's first view loads a few larger scripts instead of thirty small ones (scripts/vite-chunks.ts).
const chunks = storefrontChunks({
  shellEntries: [/[\\/]app[\\/]root\.tsx\?/, /[\\/]app[\\/]entry\.client\.tsx$/],
  storefrontRoutes: [/[\\/]app[\\/]routes[\\/](?:home|product|collection|category|search|content-page)\.tsx\?/],
});

export default defineConfig(({ isSsrBuild }) => ({
  // The server build bundles the Hono app together with the route modules.
  // In the browser build, a module's files have no side effects on import: a module's face
  // re-exports many files, and only what a page really uses may reach the shopper's phone.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" } }
    : { rollupOptions: { output: { codeSplitting: chunks.codeSplitting, postBanner: compileHintBanner(chunks.startsUp) }, treeshake: { moduleSideEffects: (id: string) => !/[\\/]app[\\/]modules[\\/]/.test(id) } } },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter(), chunks.plugin, precompressAssets(), minifyBrowserScripts()],
}));
