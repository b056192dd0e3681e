"use client";
// The home page's VIN box: checks the format and the check digit as you type (the same pure functions the
// server uses), previews the decode once the VIN is well-formed, and goes to the permalink on submit.
import { useRouter } from "next/navigation";
import { useState } from "react";
import useSWR from "swr";
import { checkDigit } from "@/lib/vin/check-digit";
import { displayMake } from "@/lib/vin/display-name";
import { normalizeVin } from "@/lib/vin/format";

interface Preview {
  vin: string;
  // year, make and model are null for a VIN outside the US-market data (coverage wmi_only).
  decoded: { year: string | null; make: string | null; model: string | null; trim: string | null; bodyStyle: string | null; manufacturer: string | null };
}

async function fetchPreview(url: string): Promise<Preview | { notFound: string }> {
  const res = await fetch(url, { headers: { accept: "application/json" } });
  if (res.status === 404 || res.status === 400) return { notFound: ((await res.json()) as { detail: string }).detail };
  if (!res.ok) throw new Error(`preview failed (${res.status})`);
  return res.json();
}

export function VinSearch() {
  const router = useRouter();
  const [input, setInput] = useState("");
  const typed = input.trim();
  const format = typed ? normalizeVin(typed) : null;
  const vin = format?.ok ? format.vin : null;
  const check = vin ? checkDigit(vin) : null;
  const { data, error, isLoading } = useSWR(
    vin ? `/api/public/vin/${vin}?pricing=false&recalls=false&insight=false` : null,
    fetchPreview,
    { revalidateOnFocus: false, dedupingInterval: 60_000 },
  );

  let status: { text: string; tone: "muted" | "error-text" | "ok-text" } = {
    text: "17 characters; letters I, O and Q never appear in a VIN.",
    tone: "muted",
  };
  if (format && !format.ok) {
    status = format.reason === "length" && typed.length < 17
      ? { text: `${typed.length} of 17 characters`, tone: "muted" }
      : { text: format.detail, tone: "error-text" };
  } else if (check && !check.valid) {
    status = { text: `Check digit (9th character) should be ${check.expected}, is ${check.actual}: the VIN may be mistyped. It can still be decoded.`, tone: "error-text" };
  } else if (check?.valid) {
    status = { text: "Check digit correct.", tone: "ok-text" };
  }

  return (
    <form
      className="inline"
      role="search"
      aria-label="Decode a VIN"
      // Without JavaScript the form still works: GET /vin?vin=… redirects to the permalink.
      action="/vin"
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        if (vin) router.push(`/vin/${vin}`);
      }}
    >
      <label htmlFor="vin" className="muted" style={{ width: "100%" }}>
        Vehicle identification number
      </label>
      <input
        id="vin"
        name="vin"
        type="text"
        value={input}
        onChange={(e) => setInput(e.target.value)}
        maxLength={20}
        placeholder="e.g. 1FTFW1E50NFA00000"
        size={24}
        autoComplete="off"
        spellCheck={false}
        aria-describedby="vin-status"
        aria-invalid={format ? !format.ok : undefined}
        style={{ fontFamily: "var(--mono)", textTransform: "uppercase" }}
      />
      <button type="submit" disabled={!vin}>
        Decode
      </button>
      <p id="vin-status" className={status.tone} style={{ width: "100%", margin: "0.2rem 0 0" }} aria-live="polite">
        {status.text}
      </p>
      {vin ? (
        <div className="card" style={{ width: "100%" }} data-testid="vin-preview" aria-live="polite">
          {isLoading ? <span className="muted">Decoding…</span> : null}
          {error ? <span className="error-text">The preview could not be loaded; press Decode to open the report.</span> : null}
          {data && "notFound" in data ? <span className="error-text">{data.notFound}</span> : null}
          {data && "decoded" in data ? (
            <span>
              <strong>
                {[data.decoded.year, data.decoded.make ? displayMake(data.decoded.make) : null, data.decoded.model].filter(Boolean).join(" ") ||
                  data.decoded.manufacturer}
              </strong>
              {data.decoded.trim ? ` ${data.decoded.trim}` : ""}
              {data.decoded.bodyStyle ? ` · ${data.decoded.bodyStyle}` : ""} · press Decode for the full report
            </span>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
