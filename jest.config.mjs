// Two projects: `unit` (pure modules, beside their code as *.test.ts) and `integration` (tests/, against the
// built app started on a free port). scripts/build/test.mjs runs them in order with the e2e suite.
import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

// Jest's module loader is CommonJS. Prisma's generated client loads its wasm query compiler from an .mjs file,
// and p-retry / p-queue (lib/outside) and their dependencies, and feed (lib/report/vehicle-feed.ts), ship ES modules only: Jest
// transforms those.
const ESM_PACKAGES = [
  "@prisma/client/runtime/",
  "p-retry/",
  "p-queue/",
  "p-timeout/",
  "is-network-error/",
  "feed/",
  "unpdf/",
];
const transformIgnorePatterns = [`/node_modules/(?!(${ESM_PACKAGES.join("|")}))`];

async function project(overrides) {
  const config = await createJestConfig({
    testEnvironment: "node",
    // unpdf/pdfjs is exported for import only; Jest requires it (transformed like the ES-module packages below).
    moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1", "^unpdf/pdfjs$": "<rootDir>/node_modules/unpdf/dist/pdfjs.mjs" },
    ...overrides,
  })();
  return { ...config, transformIgnorePatterns };
}

export default async function jestConfig() {
  return {
    projects: [
      await project({
        displayName: "unit",
        testMatch: ["<rootDir>/lib/**/*.test.ts", "<rootDir>/scripts/**/*.test.ts", "<rootDir>/cli/**/*.test.ts"],
      }),
      await project({
        displayName: "integration",
        testMatch: ["<rootDir>/tests/**/*.test.ts"],
        globalSetup: "<rootDir>/tests/support/global-setup.ts",
        setupFilesAfterEnv: ["<rootDir>/tests/support/jest-setup.ts"],
      }),
    ],
  };
}
