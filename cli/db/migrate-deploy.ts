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
import { execFileSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(__dirname, "../..");
const prisma = path.join(root, "node_modules", ".bin", "prisma");
const preload = path.join(__dirname, "prisma-cli-timers.cjs");

export function migrateDeploy(databaseUrl: string, opts: { quiet?: boolean } = {}): void {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl };
  const stdio: ["ignore", "pipe" | "ignore", "inherit" | "ignore"] = [
    "ignore",
    opts.quiet ? "ignore" : "pipe",
    opts.quiet ? "ignore" : "inherit",
  ];
  const run = (args: string[], runEnv: NodeJS.ProcessEnv) =>
    execFileSync(prisma, args, { cwd: root, env: runEnv, stdio });

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
