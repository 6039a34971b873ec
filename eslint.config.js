import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

// Import direction (docs/architecture.md): routes -> modules -> db. Browser code never imports
// server-only files (*.server.ts), and modules reach each other only through their faces.
const serverOnly = { group: ["**/*.server", "**/*.server.ts", "~/services.server", "~/db/*"], message: "browser code must not import server-only modules" };

export default tseslint.config(
  { ignores: ["build/", "**/build/", "node_modules/", ".react-router/", "**/.react-router/", "data/", ".cache/", "drizzle/", "tests/fixtures/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Shared and browser code: components, shared lib, the client-safe files of modules.
    files: ["app/components/**", "app/lib/**/!(*.server).{ts,tsx}", "app/modules/**/!(*.server|schema).{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [serverOnly, { group: ["~/routes/*"], message: "only the router imports routes" }] }] },
  },
  {
    // Domain modules never import routes or the HTTP layer.
    files: ["app/modules/**", "app/db/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["~/routes/*", "**/server/app"], message: "modules must not depend on routes or the HTTP layer" }] }],
    },
  },
  {
    // Routes stay thin: no SQL, no tables; they call module faces.
    files: ["app/routes/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "drizzle-orm", message: "no SQL in routes: call a domain module" }],
          patterns: [
            { group: ["~/modules/*/schema", "~/db/*", "drizzle-orm/*"], message: "no SQL in routes: call a domain module" },
          ],
        },
      ],
    },
  },
);
