/**
 * The `vinscope` command as an operator runs it: the package bin (bin/vinscope.mjs → scripts/build/cli.mjs) in a child
 * process, on a fresh database of the suite's provider, with every outside system off. Every command's --help
 * (in-process, walking the command tree so a new command cannot skip it), the usage errors (exit 2, message on
 * stderr, nothing on stdout), and one real action of each command.
 */
import Database from "better-sqlite3";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Command } from "commander";
import { createProgram, runCli } from "../cli/program";
import { makeStickerPdf } from "./fixtures/make-pdf";
import { baseTestEnv, freePort } from "./support/app";
import { createTestDatabase, testProvider, type TestDatabase } from "./support/test-database";

const root = path.resolve(__dirname, "..");
const fixtures = path.join(__dirname, "fixtures");
const tmp = mkdtempSync(path.join(os.tmpdir(), "vinscope-cli-"));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `vinscope <args>` through the package bin, from a directory other than the package's, as a user runs it. */
function vinscope(
  args: string[],
  env: Record<string, string> = {},
  opts: { input?: string; timeoutMs?: number } = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "bin/vinscope.mjs"), ...args], {
      cwd: tmp,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env } as unknown as NodeJS.ProcessEnv,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs ?? 60_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(opts.input ?? "");
  });
}

/** The MCP server over stdio (the vinscope-mcp bin): initialize, then `messages`; answers every reply. */
async function mcpOverStdio(messages: object[], env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(root, "bin/vinscope-mcp.mjs")], {
    cwd: "/",
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env } as unknown as NodeJS.ProcessEnv,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  const lastId = `"id":${Math.max(...messages.map((m) => (m as { id?: number }).id ?? 0))}`;
  const answered = new Promise<void>((resolve) =>
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString();
      if (stdout.includes(lastId)) resolve();
    }),
  );
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  const init = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "cli-test", version: "0" } },
  };
  for (const m of [init, { jsonrpc: "2.0", method: "notifications/initialized" }, ...messages])
    child.stdin.write(`${JSON.stringify(m)}\n`);
  await answered;
  child.stdin.end();
  expect(await exited).toBe(0);
  return jsonLines(stdout);
}

const jsonLines = (out: string) =>
  out
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));

describe("--help", () => {
  /** Every command and group under the program, as the words a user types. */
  function commandPaths(command: Command, prefix: string[] = []): string[][] {
    return command.commands.flatMap((c) => [[...prefix, c.name()], ...commandPaths(c, [...prefix, c.name()])]);
  }
  const paths = commandPaths(createProgram());

  test("the tree has every command the operator needs", () => {
    expect(paths.map((p) => p.join(" "))).toEqual(
      expect.arrayContaining([
        "start",
        "mcp",
        "vin decode",
        "import deals",
        "import recalls",
        "import stickers",
        "import complaints",
        "import fuel-economy",
        "sync status",
        "sync run",
        "sync vpic-rollback",
        "keys create",
        "keys list",
        "keys revoke",
        "keys activate",
        "accounts list",
        "accounts partner",
        "accounts activate",
        "db migrate",
      ]),
    );
  });

  test.each([[], ...paths].map((p) => [p.join(" ") || "(program)", p]))(
    "vinscope %s --help: exit 0, usage and examples",
    async (_name, words) => {
      let out = "";
      let err = "";
      const code = await runCli(["node", "vinscope", ...(words as string[]), "--help"], {
        writeOut: (s) => (out += s),
        writeErr: (s) => (err += s),
      });
      expect(code).toBe(0);
      expect(err).toBe("");
      expect(out).toContain(`Usage: vinscope ${(words as string[]).join(" ")}`.trimEnd());
      expect(out).toMatch(/\nExamples:\n {2}\$ vinscope /);
    },
  );

  test("the bin answers --help and --version", async () => {
    const [help, version] = await Promise.all([vinscope(["--help"]), vinscope(["--version"])]);
    expect(help).toMatchObject({ code: 0, stderr: "" });
    expect(help.stdout).toContain("Commands:");
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  }, 60_000);
});

describe("usage errors: exit 2, a message on stderr, nothing on stdout", () => {
  test.each([
    ["an unknown command", ["frobnicate"], "error: unknown command 'frobnicate'"],
    ["an unknown subcommand", ["keys", "frobnicate"], "error: unknown command 'frobnicate'"],
    ["a missing argument", ["vin", "decode"], "error: missing required argument 'vin'"],
    ["an unknown option", ["keys", "list", "--bogus"], "error: unknown option '--bogus'"],
    [
      "a bad option value",
      ["start", "--port", "70000"],
      "error: option '-p, --port <port>' argument '70000' is invalid. must be a whole number from 1 to 65535",
    ],
    ["a file that does not exist", ["import", "deals", "no-such.csv"], "no such file: no-such.csv"],
    // A name with a dot or a slash cannot be a VIN: a missing file, not "a VIN has 17 characters, got 14".
    ["a VIN file that does not exist", ["vin", "decode", "nosuchfile.txt"], "error: no such file: nosuchfile.txt"],
    ["a VIN file path that does not exist", ["vin", "decode", "lists/vins"], "error: no such file: lists/vins"],
    [
      "a missing required option",
      ["keys", "create", "--name", "No Email"],
      "error: required option '--email <email>' not specified",
    ],
    ["a group without its command", ["accounts"], "Usage: vinscope accounts"],
  ])(
    "%s",
    async (_what, args, message) => {
      const run = await vinscope(args);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr).toContain(message);
    },
    60_000,
  );
});

describe("one real action of each command, on a fresh database", () => {
  let database: TestDatabase;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    env = { ...baseTestEnv(await freePort(), database.url), STICKER_ARCHIVE_DIR: path.join(tmp, "archive") };
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(tmp, { recursive: true, force: true });
  });

  test("db migrate brings an empty database up to date and seeds nothing with SEED_DEMO_DATA=false", async () => {
    // SQLite: a file that does not exist yet. PostgreSQL: the suite's fresh schema (migrate deploy is then a no-op).
    const url = testProvider() === "sqlite" ? `file:${path.join(tmp, "fresh", "vinscope.db")}` : database.url;
    const run = await vinscope(["db", "migrate"], { ...env, DATABASE_URL: url });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`[vinscope] database ready (${testProvider()}`);
    // Prisma's notices for a prisma.config.ts ("skipping environment variable loading") are not passed on.
    expect(run.stderr).not.toContain("Prisma config detected");
    expect(run.stderr).not.toContain("Loaded Prisma config");
    const again = await vinscope(["db", "migrate"], { ...env, DATABASE_URL: url });
    expect(again.code).toBe(0);
    if (testProvider() === "sqlite") {
      // An up-to-date database is left alone, even while a running app holds a write on the file (Prisma's CLI
      // could not take its migration lock then: the MCP stdio server starts beside `npm start`).
      const holder = new Database(url.slice("file:".length));
      holder.prepare("BEGIN IMMEDIATE").run();
      try {
        const held = await vinscope(["db", "migrate"], { ...env, DATABASE_URL: url });
        expect(held.code).toBe(0);
        expect(held.stdout).toContain("[vinscope] database ready (sqlite");
      } finally {
        holder.prepare("ROLLBACK").run();
        holder.close();
      }
    }
  }, 120_000);

  test("vin decode: a real VIN with --json, a file of VINs for people, and exit 1 for a bad one", async () => {
    const json = await vinscope(["vin", "decode", "--json", "1HGCV1F34LA012345"], env);
    expect(json.code).toBe(0);
    const [line] = jsonLines(json.stdout);
    expect(line).toMatchObject({
      vin: "1HGCV1F34LA012345",
      coverage: "vpic",
      decoded: { year: "2020", make: "Honda", model: "Accord", trim: "Sport" },
    });

    writeFileSync(path.join(tmp, "vins.txt"), "# two VINs\n1HGCV1F34LA012345\nNOT-A-VIN\n");
    const human = await vinscope(["vin", "decode", "vins.txt"], env); // resolved against the caller's directory
    expect(human.code).toBe(1);
    expect(human.stdout).toMatch(/^1HGCV1F34LA012345 {2}2020 Honda Accord Sport: Sedan\/Saloon/m);
    expect(human.stdout).toMatch(/^NOT-A-VIN {2}not decoded/m);

    // stdin follows the file rules: # comments, blank lines, comma-separated VINs.
    const stdin = await vinscope(["vin", "decode", "-", "--json"], env, {
      input: "# from the lot\n5YJ3E1EA7KF317000, 1HGCV1F34LA012345 # two on a line\n\n1B3BD1FG9BN510278\n",
    });
    expect(stdin.code).toBe(0);
    expect(jsonLines(stdin.stdout).map((l) => [l.vin, l.decoded.make])).toEqual([
      ["5YJ3E1EA7KF317000", "Tesla"],
      ["1HGCV1F34LA012345", "Honda"],
      ["1B3BD1FG9BN510278", "Dodge"],
    ]);
  }, 60_000);

  test("import deals, recalls, complaints, fuel-economy and stickers print their summaries", async () => {
    const stickers = path.join(tmp, "stickers");
    mkdirSync(stickers);
    writeFileSync(path.join(stickers, "JTDKARFU0J3512345.pdf"), makeStickerPdf("JTDKARFU0J3512345"));
    // One after another: concurrent writers to one SQLite file would wait on each other's locks.
    const deals = await vinscope(["import", "deals", path.join(fixtures, "deals/good.csv"), "--json"], env);
    const recalls = await vinscope(
      ["import", "recalls", path.join(fixtures, "recalls/flat_rcl_29.txt"), "--json"],
      env,
    );
    const complaints = await vinscope(
      ["import", "complaints", path.join(fixtures, "buyer-data/FLAT_CMPL_sample.txt"), "--json"],
      env,
    );
    const fuel = await vinscope(
      ["import", "fuel-economy", path.join(fixtures, "buyer-data/vehicles-sample.csv"), "--json"],
      env,
    );
    const archived = await vinscope(["import", "stickers", "stickers"], env);
    expect(deals.code).toBe(0);
    expect(jsonLines(deals.stdout)).toEqual([expect.objectContaining({ imported: true, rows: 7, created: 7 })]);
    expect(recalls.code).toBe(0);
    expect(jsonLines(recalls.stdout)).toEqual([
      expect.objectContaining({ kind: "flat_rcl", rowsImported: expect.any(Number) }),
    ]);
    expect(jsonLines(recalls.stdout)[0].rowsImported).toBeGreaterThan(0);
    for (const bulk of [complaints, fuel]) {
      expect(bulk.code).toBe(0);
      expect(jsonLines(bulk.stdout)[0].rowsImported).toBeGreaterThan(0);
    }
    expect(archived.code).toBe(0);
    expect(archived.stdout).toContain("JTDKARFU0J3512345.pdf: archived for JTDKARFU0J3512345");
    expect(archived.stdout).toMatch(/^1 imported, 0 skipped from /m);

    const rejected = await vinscope(["import", "deals", path.join(fixtures, "deals/bad.csv")], env);
    expect(rejected.code).toBe(1);
    expect(rejected.stderr).toContain("rejected, nothing imported");
  }, 120_000);

  test("import deals reports every fault of a row, counts rows as good + bad, and refuses a ;-separated file", async () => {
    const header = "deal_id,vin,year,make,model,trim,state,msrp,selling_price,deal_type,purchase_date,source";
    const good = "g-1,,2025,Mazda,CX-5,2.5 S,CA,31000,29450,cash,2025-03-02,";
    writeFileSync(
      path.join(tmp, "faults.csv"),
      `${header}\n${good}\nx 1,,2019,Mazda,CX-5,2.5 S,PR,31000,9000,rental,2025-02-30,\ng-2,,2025,Mazda\n`,
    );
    const faults = await vinscope(["import", "deals", "faults.csv"], env);
    expect(faults.code).toBe(1);
    expect(faults.stdout).toBe("");
    expect(faults.stderr).toContain("faults.csv: rejected, nothing imported (2 bad rows of 3):");
    for (const fault of [
      "line 3: deal_id must be 1-64 of A-Z a-z 0-9 . _ : -",
      "line 3: year must be between 2020 and 2030",
      "line 3: state must be a 2-letter US state code (50 states or DC)",
      "line 3: deal_type must be lease, cash or finance",
      "line 3: purchase_date: 2025-02-30 is not a real date",
      "line 3: selling_price must be within 50-150 % of msrp",
      "line 4: the row has 4 fields, the header 12",
    ])
      expect(faults.stderr).toContain(fault);

    writeFileSync(path.join(tmp, "semicolons.csv"), `${header}\n${good}\n`.replaceAll(",", ";"));
    const semicolons = await vinscope(["import", "deals", "semicolons.csv"], env);
    expect(semicolons.code).toBe(1);
    expect(semicolons.stderr).toContain(
      `semicolons.csv: refused, nothing imported: the header row is separated by ";", but a deal file is comma-separated: expected the header row ${header}`,
    );
    expect(semicolons.stderr).not.toMatch(/bad rows? of/);
  }, 60_000);

  test("keys create, then list for people and as JSON; accounts list", async () => {
    const created = await vinscope(
      ["keys", "create", "--name", "Lone Star Ford", "--email", "fleet@lonestar.example", "--json"],
      env,
    );
    expect(created.code).toBe(0);
    const [key] = jsonLines(created.stdout);
    expect(key).toMatchObject({ key: expect.stringMatching(/^vsk_/), name: "Lone Star Ford", status: "trial" });

    const [json, human, accounts] = await Promise.all([
      vinscope(["keys", "list", "--json"], env),
      vinscope(["keys", "list"], env),
      vinscope(["accounts", "list", "--json"], env),
    ]);
    expect(jsonLines(json.stdout)[0].keys).toEqual([
      expect.objectContaining({ id: key.id, prefix: key.prefix, flagged: false }),
    ]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^PREFIX +STATUS +NAME/m);
    expect(human.stdout).toContain(key.prefix);
    expect(human.stdout).not.toContain(key.key);
    expect(accounts).toMatchObject({ code: 0, stdout: '{"accounts":[]}\n' });

    const missing = await vinscope(["keys", "revoke", "ffffffffffff"], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("no key with id or prefix ffffffffffff");
  }, 120_000);

  test("sync status --json lists every job and the recall mirror; an unknown job is a usage error", async () => {
    const [status, unknown] = await Promise.all([
      vinscope(["sync", "status", "--json"], env),
      vinscope(["sync", "nope"], env),
    ]);
    expect(status.code).toBe(0);
    const [report] = jsonLines(status.stdout);
    expect(report.jobs.map((j: { name: string }) => j.name)).toEqual(expect.arrayContaining(["recalls", "vpic"]));
    expect(report.jobs.find((j: { name: string }) => j.name === "recalls")).toMatchObject({
      schedule: null,
      lastSuccessAt: null,
    });
    expect(report.recallMirror).toMatchObject({ state: "none" });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown job: nope");
  }, 60_000);

  test("mcp (here through the vinscope-mcp alias bin) answers initialize and tools/list over stdio, with nothing but protocol on stdout", async () => {
    const messages = [
      {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "cli-test", version: "0" } },
      },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: 2, method: "tools/list" },
    ];
    const child = spawn(process.execPath, [path.join(root, "bin/vinscope-mcp.mjs")], {
      cwd: "/",
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        ...env,
        LOG_LEVEL: "info",
      } as unknown as NodeJS.ProcessEnv,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const listed = new Promise<void>((resolve) =>
      child.stdout.on("data", (c: Buffer) => {
        stdout += c.toString();
        if (stdout.includes('"id":2')) resolve();
      }),
    );
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    for (const m of messages) child.stdin.write(`${JSON.stringify(m)}\n`);
    await listed;
    child.stdin.end();
    expect(await exited).toBe(0);

    const replies = jsonLines(stdout);
    expect(replies[0]).toMatchObject({ id: 1, result: { serverInfo: { name: "vinscope" } } });
    const tools = replies.find((r) => r.id === 2).result.tools.map((t: { name: string }) => t.name);
    expect(tools).toEqual(expect.arrayContaining(["decode_vin", "check_recalls"]));
    expect(stderr).toContain('"msg":"mcp server ready"');
  }, 60_000);

  test("import investigations, bulletins and canada-recalls; then decode_vin of a matching VIN and the three MCP tools give the imported items", async () => {
    // Files in the sources' real formats: FLAT_INV (TAB-separated, no header; year 9999 = unknown), MFR_COMMS (a
    // quoted CSV whose header comes again inside the file, model years as a list), Transport Canada's VRDB.
    const inv = (action: string, year: string, closed: string, subject: string) =>
      [
        action,
        "HONDA",
        "ACCORD",
        year,
        "STEERING",
        "Honda (American Honda Motor Co.)",
        "20200110",
        closed,
        "",
        subject,
        "ODI SUMMARY.",
      ].join("\t");
    writeFileSync(
      path.join(tmp, "FLAT_INV.txt"),
      [
        inv("PE20001", "2020", "", "LOSS OF STEERING ASSIST"),
        inv("EA20002", "2020", "20210301", "CLOSED ONE"),
        inv("DP20003", "9999", "", "NO YEAR"),
      ].join("\r\n"),
    );
    // A 2020 model's communications are filed under three periods (2015-2019 to the current one): each is imported.
    const header = '"TSB/Document ID","Make","Model","Model Year","Concise Summary"';
    const year = new Date().getUTCFullYear();
    const current = `${year - ((year - 1995) % 5)}-${year}`;
    const periods: Record<string, string[]> = {
      "2015-2019": ['"10150001","HONDA","CIVIC","2016","TECHNICAL TIP: RATTLE FROM THE DASH."'],
      "2020-2024": [
        '"10200001","HONDA","ACCORD","2019, 2020","SERVICE BULLETIN 20-001: UPDATE THE PCM SOFTWARE."',
        header.replace(/,/g, ", "),
      ],
      [current]: ['"10250001","HONDA","CIVIC","2026","OVER-THE-AIR UPDATE OF THE AUDIO UNIT."'],
    };
    for (const [period, rows] of Object.entries(periods))
      writeFileSync(path.join(tmp, `MFR_COMMS_RECEIVED_${period}.csv`), [header, ...rows].join("\r\n"));
    const vrdbHeader =
      "RECALL_NUMBER_NUM,YEAR,MANUFACTURER_RECALL_NO_TXT,CATEGORY_ETXT,CATEGORY_FTXT,MAKE_NAME_NM,MODEL_NAME_NM," +
      "UNIT_AFFECTED_NBR,SYSTEM_TYPE_ETXT,SYSTEM_TYPE_FTXT,NOTIFICATION_TYPE_ETXT,NOTIFICATION_TYPE_FTXT,COMMENT_ETXT," +
      "COMMENT_FTXT,RECALL_DATE_DTE";
    const vrdbRow = [
      "2020123",
      "2020",
      "X20",
      "Car",
      "Automobile",
      "HONDA",
      "ACCORD",
      "2,500",
      "Steering",
      "Direction",
      "Safety Mfr",
      "Sécurité",
      "Issue: steering.",
      "Problème : direction.",
      "2020-05-01",
    ]
      .map((v) => `"${v}"`)
      .join(",");
    writeFileSync(path.join(tmp, "vrdb_full_monthly.csv"), `${vrdbHeader}\r\n${vrdbRow}\r\n`);
    for (const [source, file] of [
      ["investigations", "FLAT_INV.txt"],
      ...Object.keys(periods).map((period) => ["bulletins", `MFR_COMMS_RECEIVED_${period}.csv`]),
      ["canada-recalls", "vrdb_full_monthly.csv"],
    ]) {
      const run = await vinscope(["import", source, file, "--json"], env);
      expect({ source, code: run.code, stderr: run.stderr }).toEqual({ source, code: 0, stderr: expect.any(String) });
      expect(jsonLines(run.stdout)[0].rowsImported).toBeGreaterThan(0);
    }

    const vehicle = { year: 2020, make: "honda", model: "accord" };
    const calls = [
      { name: "decode_vin", arguments: { vin: "1HGCV1F34LA012345" } },
      { name: "get_investigations", arguments: vehicle },
      { name: "get_service_bulletins", arguments: vehicle },
      { name: "check_canada_recalls", arguments: vehicle },
    ];
    const replies = await mcpOverStdio(
      calls.map((params, i) => ({ jsonrpc: "2.0", id: 10 + i, method: "tools/call", params })),
      env,
    );
    const result = (id: number) => replies.find((r) => r.id === id).result;
    const report = result(10).structuredContent;
    expect(report.investigations).toMatchObject({ status: "ok", count: 2, openCount: 1 });
    expect(report.investigations.newest[0]).toMatchObject({ actionNumber: "PE20001", open: true });
    expect(report.bulletins).toMatchObject({ status: "ok", count: 1 });
    expect(report.canadaRecalls).toMatchObject({ status: "ok", count: 1, newest: [{ recallNumber: "2020123" }] });
    expect(result(10).content[0].text).toMatch(/investigation/i);
    expect(result(11).structuredContent).toMatchObject({
      count: 2,
      items: [{ actionNumber: "PE20001" }, { actionNumber: "EA20002" }],
    });
    expect(result(12).structuredContent.items).toEqual([expect.objectContaining({ nhtsaId: 10200001 })]);
    expect(result(13).structuredContent).toMatchObject({
      count: 1,
      recalls: [{ recallNumber: "2020123", unitsAffected: 2500, nhtsaCampaignNumber: null }],
    });
    for (const id of [10, 11, 12, 13]) expect(result(id).isError).toBeFalsy();
  }, 120_000);

  test("start serves /api/health on HOST and --port, logs no healthy poll twice, then stops on SIGTERM with exit code 0 and one line saying so", async () => {
    const port = await freePort();
    const startEnv = {
      ...env,
      ...baseTestEnv(port, env.DATABASE_URL),
      STICKER_ARCHIVE_DIR: env.STICKER_ARCHIVE_DIR,
      WEB_CONCURRENCY: "1",
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? "",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info", // the request lines and the job runner's last line are at info
    };
    const child = spawn(process.execPath, [path.join(root, "bin/vinscope.mjs"), "start", "--port", String(port)], {
      cwd: tmp,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        ...startEnv,
        PORT: "1",
      } as unknown as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    const health = () =>
      fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) }).catch(() => null);
    try {
      const deadline = Date.now() + 60_000;
      let ready: Response | null = null;
      while (ready?.status !== 200 && Date.now() < deadline && child.exitCode === null) {
        ready = await health();
        if (ready?.status !== 200) await new Promise((r) => setTimeout(r, 250));
      }
      expect(ready?.status).toBe(200); // on --port, not on PORT=1
      expect(output).toContain(`[vinscope] serving on 127.0.0.1 port ${port}`);
      // HOST=127.0.0.1: this machine's other addresses are not listened on.
      const outside = Object.values(os.networkInterfaces())
        .flat()
        .find((a) => a && a.family === "IPv4" && !a.internal);
      if (outside) {
        const there = await fetch(`http://${outside.address}:${port}/api/health`, {
          signal: AbortSignal.timeout(2000),
        }).catch(() => null);
        expect(there).toBeNull();
      }
      for (let i = 0; i < 5; i++) expect((await health())?.status).toBe(200);
      await new Promise((r) => setTimeout(r, 200));
      const healthyPolls = output
        .split("\n")
        .filter((l) => l.includes('"route":"health"') && l.includes('"status":200'));
      expect(healthyPolls).toHaveLength(1);
      expect(output).not.toMatch(/Prisma config detected|Loaded Prisma config/);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
    expect(output).toMatch(/\[vinscope\] stopped \(SIGTERM\): 2 processes drained in \d+\.\d s/);
    expect(output).toContain('"msg":"job runner stopped"');
  }, 120_000);
});
