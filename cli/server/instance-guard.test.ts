/**
 * What `npm start` checks before anything touches the database (cli/server/instance-guard.ts): the SQLite claim,
 * and the port at HOST.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { claimSqliteFile, ensurePortFree, StartRefused } from "./instance-guard";

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

test("the port is checked at HOST: taken there is refused; an address of no interface here is refused naming HOST", async () => {
  const taken = net.createServer();
  await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
  const { port } = taken.address() as net.AddressInfo;
  try {
    await expect(ensurePortFree(port, "127.0.0.1")).rejects.toThrow(`port ${port} is in use (EADDRINUSE)`);
  } finally {
    await new Promise((resolve) => taken.close(resolve));
  }
  await expect(ensurePortFree(port, "127.0.0.1")).resolves.toBeUndefined();
  // 192.0.2.1 is TEST-NET-1 (RFC 5737): documentation only, never an address of a machine.
  const elsewhere = ensurePortFree(port, "192.0.2.1");
  await expect(elsewhere).rejects.toThrow(StartRefused);
  await expect(elsewhere).rejects.toThrow("HOST=192.0.2.1 is not an address of this machine (EADDRNOTAVAIL)");
});
