// The account page's window-sticker lookup: for a VIN whose sticker is archived, what the sticker says (the API's
// format=build) beside the link to the original PDF. A plain GET form, so it works without JavaScript.
import type { DealerAccountRecord } from "@/lib/accounts/accounts";
import { compactVinInput, normalizeVin } from "@/lib/vin";
import { archivedStickerBuild } from "@/lib/stickers/window-sticker";
import { mayReadStickers } from "./window-sticker/access";
import styles from "../dealers.module.css";

const dollars = (n: number | null) =>
  n === null ? "not shown" : n.toLocaleString("en-US", { style: "currency", currency: "USD" });

export async function StickerLookup({ account, typed }: { account: DealerAccountRecord; typed: string | undefined }) {
  const input = typed ? compactVinInput(typed) : "";
  const vin = input ? normalizeVin(input) : null;
  const allowed = mayReadStickers(account);
  const found = vin?.ok && allowed ? await archivedStickerBuild(vin.vin) : null;
  return (
    <section aria-labelledby="sticker-h" data-testid="sticker-lookup">
      <h2 id="sticker-h">Window stickers in the archive</h2>
      <form method="get" action="/dealers/account" className="inline">
        <label htmlFor="sticker-vin">VIN</label>
        <input id="sticker-vin" name="sticker" defaultValue={input} maxLength={40} size={22} autoComplete="off" />
        <button type="submit">Show sticker</button>
      </form>
      {!allowed ? (
        <p className={styles.muted}>This account&apos;s keys are refused now, and so are its stickers.</p>
      ) : null}
      {vin && !vin.ok ? <p className="error-text">Not a VIN: {vin.detail}.</p> : null}
      {vin?.ok && allowed && !found ? (
        <p className={styles.muted}>
          No window sticker is archived for {vin.vin}. Ask the API for it (
          <code>GET /api/dealer/v1/window-sticker?vin={vin.vin}</code>): a supported manufacturer&apos;s copy is then
          fetched and archived.
        </p>
      ) : null}
      {found ? (
        <div className="card" data-testid="sticker-build">
          <p>
            <a href={`/dealers/account/window-sticker/${found.vin}`}>Original PDF</a> ({Math.round(found.bytes / 1024)}{" "}
            KB) · {found.vin}
          </p>
          {found.parsed.status === "no_text" ? (
            <p className={styles.muted}>This PDF is a scan without a text layer: nothing could be read from it.</p>
          ) : found.parsed.status === "unreadable" ? (
            <p className={styles.muted}>This PDF could not be opened to read it.</p>
          ) : (
            <dl>
              <dt>Base price</dt>
              <dd>{dollars(found.build.baseMsrp)}</dd>
              <dt>Options and packages</dt>
              <dd>
                {found.build.options.length === 0 ? (
                  "none shown"
                ) : (
                  <ul>
                    {found.build.options.map((o, i) => (
                      <li key={i}>
                        {o.name}: {dollars(o.msrp)}
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
              <dt>Destination charge</dt>
              <dd>{dollars(found.build.destinationCharge)}</dd>
              <dt>Total</dt>
              <dd data-testid="sticker-total">
                {dollars(found.build.totalMsrp)}
                {found.parsed.consistent === false
                  ? ` (does not add up: base + options + destination is ${dollars(
                      (found.build.totalMsrp ?? 0) - (found.parsed.difference ?? 0),
                    )})`
                  : ""}
              </dd>
              <dt>Colours</dt>
              <dd>
                {found.build.exteriorColor ?? "exterior not shown"} /{" "}
                {found.build.interiorColor ?? "interior not shown"}
              </dd>
              <dt>Engine and transmission</dt>
              <dd>
                {found.build.engine ?? "not shown"} · {found.build.transmission ?? "not shown"}
              </dd>
              <dt>Fuel economy</dt>
              <dd>
                {found.build.fuelEconomy
                  ? `${found.build.fuelEconomy.city ?? "?"} city / ${found.build.fuelEconomy.highway ?? "?"} highway / ${
                      found.build.fuelEconomy.combined ?? "?"
                    } combined MPG`
                  : "not shown"}
              </dd>
              <dt>Final assembly point</dt>
              <dd>{found.build.assemblyPoint ?? "not shown"}</dd>
            </dl>
          )}
        </div>
      ) : null}
    </section>
  );
}
