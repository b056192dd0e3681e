/**
 * `prisma migrate deploy` for a database URL: the one way `npm start`, the MCP stdio server, the benchmarks and
 * the tests apply migrations.
 *
 * On PostgreSQL the Prisma 6.19 CLI stays alive for 10 s after finishing, waiting out timers it no longer needs:
 * its pg pool's idle connections (prisma.config.ts lets the pool exit when idle) and the schema engine's
 * advisory-lock timeout (unref'd by the preload prisma-cli-timers.cjs). That takes a run on an up-to-date
 * database from 11 s to about 2 s, the status check included.
 * Because the preload changes when the process considers itself done, `migrate status` then confirms that
 * every migration is applied; if it cannot, deploy runs again without the preload, the slow way.
 */
import { execFileSync, spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(__dirname, "../..");
const prisma = path.join(root, "node_modules", ".bin", "prisma");
const preload = path.join(__dirname, "prisma-cli-timers.cjs");

/**
 * Prisma 6.19 prints these two lines on stderr for every command run with a prisma.config.ts, which is every one
 * here ("skipping environment variable loading": the config reads the environment itself, lib/config.ts). They
 * said nothing an operator can act on, at every start and `vinscope db migrate`, so they are dropped from what
 * the CLI passes on; everything else Prisma prints (its errors above all) passes through.
 */
const CONFIG_NOTICES =
  /^(Loaded Prisma config from .*|Prisma config detected, skipping environment variable loading\.)[^\S\n]*(\n|$)/gm;

/** Runs the Prisma CLI: its stderr, but for the notices above, goes to ours (unless quiet); a failure throws. */
function runPrisma(args: string[], env: NodeJS.ProcessEnv, quiet: boolean): void {
  const result = spawnSync(prisma, args, {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", quiet ? "ignore" : "pipe"],
    encoding: "utf8",
  });
  const stderr = (result.stderr ?? "").replace(CONFIG_NOTICES, "");
  if (stderr) process.stderr.write(stderr);
  if (result.error) throw result.error;
  if (result.status !== 0)
    throw new Error(`prisma ${args.join(" ")} failed (${result.signal ?? `exit code ${result.status}`})`);
}

export function migrateDeploy(databaseUrl: string, opts: { quiet?: boolean } = {}): void {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl };
  const run = (args: string[], runEnv: NodeJS.ProcessEnv) => runPrisma(args, runEnv, opts.quiet === true);

  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
    run(["migrate", "deploy"], env);
    return;
  }
  const quick = {
    ...env,
    NODE_OPTIONS: [env.NODE_OPTIONS, `--require ${JSON.stringify(preload)}`].filter(Boolean).join(" "),
  };
  run(["migrate", "deploy"], quick);
  try {
    execFileSync(prisma, ["migrate", "status"], { cwd: root, env: quick, stdio: "ignore" });
  } catch {
    run(["migrate", "deploy"], env);
  }
}
