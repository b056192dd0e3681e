// `npm run lint` (and a step of `npm test`): Next.js's rules (React, hooks, accessibility, Core Web Vitals) and
// typescript-eslint's recommended rules over the whole project.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
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
  "bulletins",
  "canada-recalls",
  "investigations",
  "buyer-data",
  "alerts",
  "report",
];

/** lib/ flows one way (README, "The house"): leaves import no domain, domains none of the surfaces on top of them. */
const LAYER_ZONES = [
  {
    target: LEAVES.map((leaf) => `./lib/${leaf}`),
    from: "./lib",
    except: LEAVES.map((leaf) => `./${leaf}`),
    message: "A leaf (config, log, version, db, outside, vehicle, contract, metrics) imports no other part of lib/.",
  },
  {
    target: DOMAINS.map((domain) => `./lib/${domain}`),
    from: ["./lib/api", "./lib/openapi", "./lib/http", "./lib/mcp", "./lib/jobs"],
    message:
      "A domain owns its contract and state: it imports none of lib/api, lib/openapi, lib/http, lib/mcp or lib/jobs.",
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
  {
    target: ["./lib/api", "./lib/http", "./lib/mcp"],
    from: "./lib/openapi",
    message: "lib/openapi describes the operations and the MCP tools from above; they do not import it.",
  },
];

const LIB = path.join(path.dirname(fileURLToPath(import.meta.url)), "lib");
/**
 * The rule for room doors: a folder of lib/ with an index.ts is entered from outside only through it (its own files
 * import each other freely). The rooms are found anew on every run, so a new room with a door is held to it at once.
 */
const ROOMS = readdirSync(LIB, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(path.join(LIB, entry.name, "index.ts")))
  .map((entry) => entry.name);
/** Rooms with a door that the rule does not hold yet, and why. */
const ROOMS_PAST_THEIR_DOOR = new Set([
  // lib/db: its index.ts is the Prisma client (both generated clients load with it); its light parts (faults,
  // connection budget, data versions, job status, write-behind, process kinds) are imported on their own, by leaves
  // such as lib/contract, by the CLI's start-up, and by prisma.config.ts, which Prisma's CLI loads before the
  // clients are generated.
  "db",
]);
/** Files that import rooms past their doors, and why. */
const FILES_PAST_DOORS = [
  // Client components: a room's door loads its server code (the vPIC decoder, Prisma), which no browser bundle can
  // hold, so they take the pure modules (VIN format and check digit, barcode reading, model years) directly.
  "components/vin-scan.tsx",
  "components/vin-search.tsx",
  "components/vehicle-picker.tsx",
];
const DOOR_ZONES = ROOMS.filter((room) => !ROOMS_PAST_THEIR_DOOR.has(room)).map((room) => ({
  target: ["./!(lib)/**/*", "./*", "./lib/*", `./lib/!(${room})/**/*`],
  from: `./lib/${room}`,
  except: ["./index.ts"],
  message: `Code outside lib/${room} enters it through its door, lib/${room}/index.ts: import from there (and export there what is needed).`,
}));

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
    // Every file keeps to the room doors.
    files: ["**/*.{ts,tsx,mts,mjs}"],
    rules: { "import/no-restricted-paths": ["error", { zones: DOOR_ZONES }] },
  },
  {
    // lib/ flows one way and keeps to the doors (that no two modules import each other is dependency-cruiser's
    // check, .dependency-cruiser.cjs). Tests may reach across the layers to check one room against another
    // (through its door).
    files: ["lib/**/*.{ts,tsx}"],
    ignores: ["lib/**/*.test.ts"],
    rules: {
      "import/no-restricted-paths": ["error", { zones: [...LAYER_ZONES, ...DOOR_ZONES] }],
    },
  },
  {
    // The files past the doors (above): client components, outside lib/, which keep to nothing.
    files: FILES_PAST_DOORS,
    rules: { "import/no-restricted-paths": "off" },
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
