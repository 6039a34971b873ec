import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Each worker keeps the modules it has loaded from one test file to the next. With isolation
    // (Vitest's default) every file evaluated the app's module graph again (drizzle, PGlite, the
    // auth and mail libraries): 7-14 s between browser files, about 40% of the unit and
    // integration CPU. No test file changes the environment or mocks a module, and each opens its
    // own databases, servers and browser, so sharing loaded code changes no result. Measured
    // quiet on two cores: unit + integration 602 -> 427 s (1,038 -> 696 CPU-s), browser 981 -> 883 s.
    isolate: false,
    projects: [
      {
        extends: true,
        // Two workers on this 2-core machine (Vitest's default there is one): integration files
        // spend much of their time waiting on PostgreSQL, child processes and servers.
        test: { name: "unit", include: ["app/**/*.test.{ts,tsx}"], environment: "node", maxWorkers: 2 },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          maxWorkers: 2,
          globalSetup: ["tests/support/integration-setup.ts"],
          // The cap catches a hang; it does not time the shop. With three other suites on the two
          // cores (load 16), 30 real password checks in one test took over a minute: a test's own
          // work must fit under the cap on a machine that busy.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // Work a test waits for may run after the answer (a mail rendered and queued, an event
          // delivered) and take seconds on a busy two-core machine, more when it is the process's
          // first: the mail renderer loads with the first mail, which took over 10 s at load 16.
          // A poll ends as soon as its condition holds, so a long bound costs nothing when all is
          // well; tests of speed set their own bounds.
          expect: { poll: { timeout: 30_000 } },
        },
      },
      {
        extends: true,
        test: {
          name: "browser",
          include: ["tests/browser/**/*.test.ts"],
          globalSetup: ["tests/support/browser-setup.ts"],
          // A browser test is a whole journey (a checkout, staff shipping it, the shopper tracking
          // it, accessibility scans): on a loaded machine such journeys took 50-80 s, past a 60 s
          // cap. The cap is there to catch a hang, not to time the shop: speed is the bench's.
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A page's answer to a click can take seconds on a busy two-core machine (a server, a
          // browser and the test share it): polls wait up to 10 s unless a test says otherwise.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
