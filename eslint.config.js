import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";
import { layering } from "./eslint/layering.js";

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
  // The layering (docs/architecture.md): zones, module faces, browser-safe files, no cycles.
  ...layering(import.meta.dirname),
);
