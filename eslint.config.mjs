// `npm run lint` (and a step of `npm test`): Next.js's rules (React, hooks, accessibility, Core Web Vitals) and
// typescript-eslint's recommended rules over the whole project.
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      // A leading underscore marks a value left unused on purpose (a destructured field dropped from a copy).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  globalIgnores([".next/**", ".next-*/**", "lib/generated/**", "data/**", "node_modules/**", "test-results/**", "playwright-report/**", "coverage/**", "next-env.d.ts"]),
]);
