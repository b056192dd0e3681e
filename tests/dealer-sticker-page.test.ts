/**
 * The signed-in dealer's account page shows an archived window sticker's build data beside the link to its PDF,
 * and the link serves the PDF to the session (and to no one else). The dealer signs up and signs in through the
 * mailed link as in tests/accounts.test.ts; the sticker is imported with `vinscope import stickers`.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { startApp, type TestApp } from "./support/app";
import { Browser, findForm, readable } from "./support/html-form";
import { signInLinkIn, startSmtpCatcher, type SmtpCatcher } from "./support/smtp-catcher";
import { fordSticker, toyotaStickerNotAddingUp } from "./fixtures/sticker-pdfs";
import { computeCheckDigit } from "../lib/vin";
import { vinscopeCommand } from "./support/vinscope-cli";

const run = promisify(execFile);
const root = path.resolve(__dirname, "..");
const archiveDir = mkdtempSync(path.join(tmpdir(), "vinscope-archive-"));
const withCheckDigit = (raw: string) => raw.slice(0, 8) + computeCheckDigit(raw) + raw.slice(9);
const FORD = withCheckDigit("1FTFW1E50PFA40001");
const TOYOTA = withCheckDigit("JTDKARFU0J3540002");
const EMAIL = "stickers@motors.example";

let app: TestApp;
let smtp: SmtpCatcher;
let dealer: Browser;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  app = await startApp({ env: { SMTP_URL: smtp.url, STICKER_ARCHIVE_DIR: archiveDir } });
  const dir = mkdtempSync(path.join(tmpdir(), "vinscope-stickers-"));
  writeFileSync(path.join(dir, `${FORD}.pdf`), await fordSticker());
  writeFileSync(path.join(dir, `${TOYOTA}.pdf`), await toyotaStickerNotAddingUp());
  await run(...vinscopeCommand("import", "stickers", dir), {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...app.env } as unknown as NodeJS.ProcessEnv,
  });
  rmSync(dir, { recursive: true, force: true });

  dealer = new Browser(app.url);
  const signup = await (await dealer.get("/dealers")).text();
  const res = await dealer.submit("/dealers", findForm(signup), {
    name: "Sticker Motors",
    email: EMAIL,
    location: "Boise, ID",
  });
  expect(res.status).toBe(200);
  const signIn = await (await dealer.get("/dealers/sign-in")).text();
  await dealer.submit("/dealers/sign-in", findForm(signIn), { email: EMAIL });
  const url = new URL(signInLinkIn(await smtp.waitFor(EMAIL)));
  const confirmPage = await (await dealer.get(url.pathname + url.search)).text();
  const confirmed = await dealer.submit(
    url.pathname + url.search,
    findForm(confirmPage, { token: url.searchParams.get("token")! }),
  );
  expect(confirmed.headers.get("location")).toBe("/dealers/account");
}, 180_000);

afterAll(async () => {
  await app?.stop();
  await smtp?.close();
  rmSync(archiveDir, { recursive: true, force: true });
});

describe("the account page's window stickers", () => {
  test("shows what an archived sticker says beside the link to its PDF", async () => {
    const res = await dealer.get(`/dealers/account?sticker=${FORD.toLowerCase()}`);
    expect(res.status).toBe(200);
    const html = await readable(res);
    expect(html).toContain(`href="/dealers/account/window-sticker/${FORD}"`);
    expect(html).toContain("Original PDF");
    for (const printed of [
      "$45,000.00",
      "EQUIPMENT GROUP 302A HIGH: $4,200.00",
      "AGATE BLACK METALLIC: $0.00",
      "$1,995.00",
      "$52,885.00",
      "AGATE BLACK METALLIC / BLACK ACTIVEX SEATING SURFACES",
      "2.7L V6 ECOBOOST · 10-SPEED AUTOMATIC",
      "19 city / 25 highway / 21 combined MPG",
      "DEARBORN, MI, U.S.A.",
    ])
      expect(html).toContain(printed);
    expect(html).not.toContain("does not add up");
  });

  test("says when the printed total does not add up", async () => {
    const html = await readable(await dealer.get(`/dealers/account?sticker=${TOYOTA}`));
    expect(html).toContain("$36,874.00 (does not add up: base + options + destination is $36,774.00)");
  });

  test("says when nothing is archived, and what is not a VIN", async () => {
    const none = withCheckDigit("1FTFW1E50PFA40003");
    expect(await readable(await dealer.get(`/dealers/account?sticker=${none}`))).toContain(
      `No window sticker is archived for ${none}`,
    );
    expect(await readable(await dealer.get(`/dealers/account?sticker=NOTAVIN`))).toContain("Not a VIN:");
  });

  test("the PDF link serves the archived PDF to the session, and to no one without one", async () => {
    const pdf = await dealer.get(`/dealers/account/window-sticker/${FORD}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    // The very PDF that was imported (pdf-lib stamps each PDF it makes, so it is compared by its archived digest).
    const sha256 = createHash("sha256")
      .update(Buffer.from(await pdf.arrayBuffer()))
      .digest("hex");
    expect(await app.db().stickerArchive.findFirst({ where: { vin: FORD, sha256 } })).not.toBeNull();
    const stranger = await fetch(`${app.url}/dealers/account/window-sticker/${FORD}`);
    expect(stranger.status).toBe(401);
    expect((await dealer.get(`/dealers/account/window-sticker/${withCheckDigit("1FTFW1E50PFA40004")}`)).status).toBe(
      404,
    );
  });
});
