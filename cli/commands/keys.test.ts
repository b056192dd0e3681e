/** `vinscope keys` end to end (the CLI in a child process, through its launcher) on a fresh database, and `import stickers`. */
import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { makeStickerPdf } from "../../tests/fixtures/make-pdf";
import { createTempDb, type TempDb } from "../../tests/fixtures/temp-db";
import { db } from "../../lib/db";
import { recordUsage, verifyKey } from "../../lib/dealers";
import { vinscopeCommand } from "../../tests/support/vinscope-cli";

const run = promisify(execFile);
let temp: TempDb;

beforeAll(() => {
  temp = createTempDb();
});
afterAll(() => temp.cleanup());

/** Runs `vinscope <args> --json`: every line of stdout is JSON. */
async function cli(...args: string[]) {
  try {
    const { stdout, stderr } = await run(...vinscopeCommand(...args, "--json"), {
      env: process.env,
    });
    return {
      code: 0,
      stdout,
      stderr,
      lines: stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l)),
    };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr, lines: [] };
  }
}

test("create prints one JSON line with the key; list, revoke and activate by prefix or id", async () => {
  const created = await cli(
    "keys",
    "create",
    "--name",
    "Lone Star Ford",
    "--email",
    "fleet@lonestar.example",
    "--days",
    "30",
  );
  expect(created.code).toBe(0);
  expect(created.lines).toHaveLength(1);
  const [line] = created.lines;
  expect(line).toMatchObject({ name: "Lone Star Ford", status: "trial", key: expect.stringMatching(/^vsk_/) });
  expect(new Date(line.expiresAt).getTime() - new Date(line.createdAt).getTime()).toBe(30 * 86_400_000);
  expect((await verifyKey(line.key)).ok).toBe(true);

  await recordUsage(line.id, { vins: 10_500 });
  const listed = await cli("keys", "list");
  const entry = listed.lines[0].keys.find((k: { id: string }) => k.id === line.id);
  expect(entry).toMatchObject({
    prefix: line.prefix,
    flagged: true,
    today: { requests: 1, vins: 10_500, flagged: true },
  });
  expect(listed.stdout).not.toContain(line.key);

  const revoked = await cli("keys", "revoke", line.prefix);
  expect(revoked.lines[0]).toMatchObject({ id: line.id, status: "revoked" });
  expect(await verifyKey(line.key)).toEqual({ ok: false, reason: "revoked_key" });

  const activated = await cli("keys", "activate", line.id);
  expect(activated.lines[0]).toMatchObject({ status: "active", expiresAt: null });
  expect((await verifyKey(line.key)).ok).toBe(true);
}, 60_000);

test("bad usage exits 2 with the problem and where to find usage", async () => {
  const missing = await cli("keys", "create", "--name", "No Email");
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain("required option '--email <email>' not specified");
  expect(missing.stderr).toContain("--help");
  expect((await cli("keys", "revoke", "ffffffffffff")).code).toBe(2);
  expect((await cli("keys", "frobnicate")).code).toBe(2);
}, 60_000);

test("import stickers archives PDFs named by VIN and skips the rest", async () => {
  const dir = path.join(temp.dir, "held");
  mkdirSync(dir);
  const vin = "JTDKARFU0J3512345";
  writeFileSync(path.join(dir, `${vin.toLowerCase()}.pdf`), makeStickerPdf(vin));
  writeFileSync(path.join(dir, "not-a-vin.pdf"), makeStickerPdf("x"));
  writeFileSync(path.join(dir, "1FTFW1E51PFA12345.pdf"), "<html>oops</html>");
  const out = await cli("import", "stickers", dir);
  expect(out.code).toBe(0);
  expect(out.lines.at(-1)).toMatchObject({ imported: 1, skipped: 2 });
  expect(await db().stickerArchive.findFirst({ where: { vin } })).toMatchObject({ source: "import" });
}, 60_000);
