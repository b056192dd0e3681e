"use client";
// The VIN box (home page, and the VIN not-found page to try again). Without JavaScript it is a plain GET form
// to /vin, which redirects to the permalink. With JavaScript it checks the format and the check digit as you
// type (the same pure functions the server uses), previews the decode once the VIN is well-formed, and goes to
// the permalink on submit. Spaces and hyphens people group a VIN with are accepted either way. With JavaScript it
// also offers to read the VIN from its barcode (components/vin-scan.tsx): a good read opens the permalink, a read
// whose check digit fails is put in the box for correction.
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import useSWR from "swr";
import { EXAMPLE_VIN } from "@/lib/contract/examples";
import { checkDigit } from "@/lib/vin/check-digit";
import { displayMake } from "@/lib/vehicle";
import { compactVinInput, normalizeVin } from "@/lib/vin/format";
import { VinScan } from "./vin-scan";

interface Preview {
  vin: string;
  // year, make and model are null for a VIN outside the US-market data (coverage wmi_only).
  decoded: {
    year: string | null;
    make: string | null;
    model: string | null;
    trim: string | null;
    bodyStyle: string | null;
    manufacturer: string | null;
  };
}

async function fetchPreview(url: string): Promise<Preview | { notFound: string }> {
  const res = await fetch(url, { headers: { accept: "application/json" } });
  if (res.status === 404 || res.status === 400) return { notFound: ((await res.json()) as { detail: string }).detail };
  if (!res.ok) throw new Error(`preview failed (${res.status})`);
  return res.json();
}

type Tone = "muted" | "error-text" | "ok-text";

export function VinSearch({
  defaultValue = "",
  label = "Vehicle identification number",
}: {
  defaultValue?: string;
  label?: string;
}) {
  const router = useRouter();
  const box = useRef<HTMLInputElement>(null);
  const [input, setInput] = useState(defaultValue);
  const [attempted, setAttempted] = useState(false);
  const typed = compactVinInput(input);
  const format = typed ? normalizeVin(typed) : null;
  const vin = format?.ok ? format.vin : null;
  const check = vin ? checkDigit(vin) : null;
  const { data, error, isLoading } = useSWR(
    vin ? `/api/public/vin/${vin}?pricing=false&recalls=false&insight=false` : null,
    fetchPreview,
    { revalidateOnFocus: false, dedupingInterval: 60_000 },
  );

  let status: { text: string; tone: Tone } = {
    text: "17 characters; letters I, O and Q never appear in a VIN. Spaces and hyphens are fine.",
    tone: "muted",
  };
  if (!format && attempted) {
    status = { text: "Type the 17 characters of a VIN first.", tone: "error-text" };
  } else if (format && !format.ok) {
    status =
      format.reason === "length" && typed.length < 17 && !attempted
        ? { text: `${typed.length} of 17 characters`, tone: "muted" }
        : { text: `Not a VIN yet: ${format.detail}.`, tone: "error-text" };
  } else if (check && !check.valid) {
    status = {
      text: `Check digit (9th character) should be ${check.expected}, is ${check.actual}: the VIN may be mistyped. It can still be decoded.`,
      tone: "error-text",
    };
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
        if (vin) {
          router.push(`/vin/${vin}`);
          return;
        }
        setAttempted(true);
        box.current?.focus();
      }}
    >
      <label htmlFor="vin" style={{ width: "100%" }}>
        {label}
      </label>
      <input
        ref={box}
        id="vin"
        name="vin"
        type="text"
        value={input}
        onChange={(e) => {
          setInput(e.target.value);
          setAttempted(false);
        }}
        maxLength={40}
        placeholder={`e.g. ${EXAMPLE_VIN}`}
        size={24}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        aria-describedby="vin-status"
        aria-invalid={format && !format.ok && (attempted || typed.length >= 17) ? true : undefined}
        className="vin-input"
      />
      <button type="submit">Decode</button>
      <p id="vin-status" className={status.tone} style={{ width: "100%", margin: "0.2rem 0 0" }} aria-live="polite">
        {status.text}
      </p>
      <VinScan
        onVin={(scanned) => router.push(`/vin/${scanned}`)}
        onCorrection={(scanned) => {
          setInput(scanned);
          setAttempted(true);
          box.current?.focus();
        }}
      />
      {vin ? (
        <div className="card" style={{ width: "100%", margin: 0 }} data-testid="vin-preview" aria-live="polite">
          {isLoading ? <span className="muted">Decoding…</span> : null}
          {error ? (
            <span className="error-text">The preview could not be loaded; press Decode to open the report.</span>
          ) : null}
          {data && "notFound" in data ? <span className="error-text">{data.notFound}</span> : null}
          {data && "decoded" in data ? (
            <span>
              <strong>
                {[data.decoded.year, data.decoded.make ? displayMake(data.decoded.make) : null, data.decoded.model]
                  .filter(Boolean)
                  .join(" ") || data.decoded.manufacturer}
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
