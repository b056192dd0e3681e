import type { Metadata } from "next";
import { config } from "@/lib/config";
import { SUPPORTED_GROUPS, UNSUPPORTED_GROUPS } from "@/lib/stickers/registry";
import styles from "./dealers.module.css";
import { TrialForm } from "./trial-form";

export const metadata: Metadata = {
  title: "Dealer API: original window stickers and inventory checks",
  description:
    "Original manufacturer window-sticker PDFs by VIN, availability checks and bulk provisioning for dealers. 14-day free trial.",
};

// The form posts to a server action; nothing here may be cached with a key in it.
export const dynamic = "force-dynamic";

export default function DealersPage() {
  return (
    <div className={styles.page}>
      <h1>Dealer API</h1>
      <p>
        Original manufacturer window stickers (Monroney labels) as PDF for a VIN, a per-VIN availability check, and bulk
        checks of up to 500 VINs at once for your inventory feed, with what each sticker says as data (prices, options,
        colours, assembly point). Start a 14-day free trial: your API key is issued instantly and shown once.
      </p>

      <h2>Supported manufacturers</h2>
      <p className={styles.muted}>
        {SUPPORTED_GROUPS.length} manufacturer groups, {SUPPORTED_GROUPS.flatMap((g) => g.makes).length} makes: original
        PDFs fetched from the manufacturer and archived.
      </p>
      <ul className={styles.groups}>
        {SUPPORTED_GROUPS.map((g) => (
          <li key={g.id}>
            <strong>{g.label}</strong>
            {g.makes.join(", ") !== g.label ? <div className={styles.muted}>{g.makes.join(", ")}</div> : null}
          </li>
        ))}
      </ul>
      <p className={styles.muted}>
        Not supported: {UNSUPPORTED_GROUPS.map((g) => `${g.label} (${g.note})`).join("; ")}. Other makes have no public
        manufacturer source. Copies already archived are served for any make.
      </p>

      <h2>Start your trial</h2>
      <p className={styles.muted}>
        Already have an account? <a href="/dealers/sign-in">Sign in</a> to see usage, manage locations and keys, and
        billing.
      </p>
      <TrialForm baseUrl={config().publicBaseUrl} />

      <h2>Using the API</h2>
      <ul>
        <li>
          <code>GET /api/dealer/v1/window-sticker?vin=…</code>: the PDF; add <code>&amp;format=check</code> for a JSON
          availability check.
        </li>
        <li>
          <code>&amp;format=build</code> beside it: what the sticker says, as JSON — base price, every option and
          package with its price, destination charge, total (checked against the sum), colours, engine, transmission,
          fuel economy and final assembly point, read from the PDF as printed.
        </li>
        <li>
          <code>POST /api/dealer/v1/provision</code> with <code>{`{"vins": […], "live"?: true, "decode"?: true}`}</code>
          : at most 500 VINs (25 with <code>live</code>).
        </li>
        <li>
          Every request carries your key in the <code>x-api-key</code> header. Sustained use above 10,000 VINs a day
          needs a word with us first.
        </li>
      </ul>
    </div>
  );
}
