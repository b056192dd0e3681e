#!/usr/bin/env node
// Compiles the processes `npm start` runs beside the server (the launcher, cli/index.ts; the job runner,
// cli/server/job-runner.ts; and the data check before the server starts, scripts/build/prepare-data.ts) to plain
// CommonJS with esbuild, so none needs tsx and its esbuild service at run time: measured on 2 cores, the launcher
// chain went from npm + tsx + launcher + esbuild (82 MB PSS) to npm + launcher, the job runner lost tsx's loader
// and its esbuild service, and the data check takes 0.6 s instead of 2.6 s.
//
// Run by scripts/build/postinstall.mjs and, when a source is newer than the bundle, by scripts/build/cli.mjs
// before it runs one. Packages stay in node_modules (required at run time, as tsx would); each file's own
// __dirname, __filename and import.meta.url keep naming its source location, as under tsx, so paths built from
// them (cli/server/exit-with-parent.cjs, the Prisma client's folder) still resolve.
//
// Output: node_modules/.cache/vinscope/cli/{index,job-runner,prepare-data}.cjs, and inputs.json (the source files bundled,
// for the freshness check).
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const outDir = path.join(root, "node_modules", ".cache", "vinscope", "cli");

/** Replaces a source file's __dirname / __filename / import.meta.url with its location relative to the bundle. */
const sourceLocations = {
  name: "source-locations",
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx|mts|cts)$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      let text = readFileSync(args.path, "utf8");
      if (!/__dirname|__filename|import\.meta\.url/.test(text)) return { contents: text, loader: "ts" };
      const rel = path.relative(root, args.path).split(path.sep).join("/");
      const file = `require("node:path").join(__vinscopeRoot, ${JSON.stringify(rel)})`;
      text = text
        .replace(/\bimport\.meta\.url\b/g, `require("node:url").pathToFileURL(${file}).href`)
        .replace(/(?<![\w$'"])__filename\b/g, `(${file})`)
        .replace(/(?<![\w$'"])__dirname\b(?!['"])/g, `require("node:path").dirname(${file})`);
      return { contents: text, loader: "ts" };
    });
  },
};

export async function compileCli() {
  const esbuild = await import("esbuild");
  // Written beside the bundle, then renamed over it file by file: a process starting meanwhile (another `npm start`
  // from this checkout) reads either the old file or the new one, never a half-written one.
  const staging = `${outDir}.${process.pid}`;
  // Sources are read after this: one edited during the build is newer than the bundle, which is built again.
  const builtAt = Date.now();
  mkdirSync(outDir, { recursive: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: {
      index: "cli/index.ts",
      "job-runner": "cli/server/job-runner.ts",
      "prepare-data": "scripts/build/prepare-data.ts",
    },
    outdir: staging,
    outExtension: { ".js": ".cjs" },
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    packages: "external",
    // A linked map (not inline: its text would sit in each process's memory with the code) for `node --enable-source-maps`.
    sourcemap: "linked",
    metafile: true,
    logLevel: "warning",
    // The project root, from the bundle's own folder (node_modules/.cache/vinscope/cli).
    banner: { js: `const __vinscopeRoot = require("node:path").resolve(__dirname, "../../../..");` },
    plugins: [sourceLocations],
  });
  const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith("node_modules/"));
  writeFileSync(path.join(staging, "inputs.json"), JSON.stringify({ builtAt, inputs }));
  // The manifest last: it says the bundle is current.
  const files = readdirSync(staging).sort((a, b) => Number(a === "inputs.json") - Number(b === "inputs.json"));
  for (const file of files) renameSync(path.join(staging, file), path.join(outDir, file));
  rmSync(staging, { recursive: true, force: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await compileCli();
}
