import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompressAssets } from "./scripts/vite-precompress";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build bundles the Hono app together with the route modules.
  // In the browser build, a module's files have no side effects on import: a module's face
  // re-exports many files, and only what a page really uses may reach the shopper's phone.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" } }
    : { rollupOptions: { treeshake: { moduleSideEffects: (id: string) => !/[\\/]app[\\/]modules[\\/]/.test(id) } } },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
}));
