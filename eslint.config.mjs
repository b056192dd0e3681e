// `npm run lint` (and a step of `npm test`): Next.js's rules (React, hooks, accessibility, Core Web Vitals) and
// typescript-eslint's recommended rules over the whole project.
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/** Rooms of lib/ that import no other room (besides each other and the generated Prisma client). */
const LEAVES = ["config.ts", "log.ts", "version.ts", "db", "generated", "outside", "vehicle", "contract", "metrics"];
/** The domains: each holds its answer schemas, its outside client and the state its jobs keep for it. */
const DOMAINS = [
  "vin",
  "recalls",
  "pricing",
  "insights",
  "stickers",
  "ratings",
  "complaints",
  "fuel-economy",
  "buyer-data",
  "alerts",
  "report",
];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      // A leading underscore marks a value left unused on purpose (a destructured field dropped from a copy).
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // lib/ flows one way (README, "The house"): leaves import no domain, domains import none of the surfaces on
    // top of them, and no two modules import each other, type-only imports included.
    // Tests may reach across rooms to check one against another.
    files: ["lib/**/*.{ts,tsx}"],
    ignores: ["lib/**/*.test.ts"],
    rules: {
      "import/no-cycle": ["error", { ignoreExternal: true }],
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: LEAVES.map((leaf) => `./lib/${leaf}`),
              from: "./lib",
              except: LEAVES.map((leaf) => `./${leaf}`),
              message:
                "A leaf (config, log, version, db, outside, vehicle, contract, metrics) imports no other part of lib/.",
            },
            {
              target: DOMAINS.map((domain) => `./lib/${domain}`),
              from: ["./lib/api", "./lib/http", "./lib/mcp", "./lib/jobs"],
              message:
                "A domain owns its contract and state: it imports none of lib/api, lib/http, lib/mcp or lib/jobs.",
            },
            {
              target: DOMAINS.filter((domain) => domain !== "report").map((domain) => `./lib/${domain}`),
              from: "./lib/report",
              message: "The report is built on the domains; a domain does not import it.",
            },
            {
              target: "./lib/api",
              from: "./lib/http",
              message: "lib/api lists the operations; lib/http serves them on top.",
            },
          ],
        },
      ],
    },
  },
  globalIgnores([
    ".next/**",
    ".next-*/**",
    "lib/generated/**",
    "data/**",
    "node_modules/**",
    "test-results/**",
    "playwright-report/**",
    "coverage/**",
    "next-env.d.ts",
  ]),
]);
