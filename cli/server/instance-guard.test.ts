/**
 * The SQLite claim `npm start` makes before anything touches the database (cli/server/instance-guard.ts).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { claimSqliteFile, StartRefused } from "./instance-guard";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "instance-guard-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test("a database folder that does not exist yet (a new DATA_DIR) is made, and the claim written in it", () => {
  const file = path.join(dir, "new", "data", "vinscope.db");
  const release = claimSqliteFile(file, 3000);
  expect(JSON.parse(readFileSync(`${file}.instance`, "utf8"))).toEqual({ pid: process.pid, port: 3000 });
  release();
  expect(existsSync(`${file}.instance`)).toBe(false);
});

test("a folder that cannot be made is refused with its reason, not as another instance's claim", () => {
  const notAFolder = path.join(dir, "a-file");
  writeFileSync(notAFolder, "");
  const claim = () => claimSqliteFile(path.join(notAFolder, "vinscope.db"), 3000);
  expect(claim).toThrow(StartRefused);
  expect(claim).toThrow(`the database's folder ${notAFolder} cannot be written (EEXIST)`);
});
