import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./app/modules/*/schema.ts",
  out: "./drizzle",
  casing: undefined,
});
