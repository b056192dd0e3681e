"use client";
// A code example with its label and a copy button above it, so the button never covers the code. The code is
// plain selectable text, and keyboard users can scroll a long line (the block takes focus).
import { useState } from "react";

/** `wrap` breaks long lines inside the box (short snippets in narrow cards); otherwise the block scrolls. */
export function CopyBlock({
  text,
  label,
  testId,
  wrap = false,
}: {
  text: string;
  label: string;
  testId?: string;
  wrap?: boolean;
}) {
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  return (
    <div className={wrap ? "copy-block copy-block-wrap" : "copy-block"} data-testid={testId}>
      <div className="copy-block-bar">
        <span>{label}</span>
        <button
          type="button"
          className="secondary"
          aria-label={`Copy ${label}`}
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(text);
              setCopied("yes");
            } catch {
              setCopied("no");
            }
            setTimeout(() => setCopied(null), 2000);
          }}
        >
          {copied === "yes" ? "Copied" : copied === "no" ? "Select and copy by hand" : "Copy"}
        </button>
      </div>
      <span className="visually-hidden" aria-live="polite">
        {copied === "yes" ? `${label} copied to the clipboard` : ""}
      </span>
      <pre tabIndex={0} role="group" aria-label={label}>
        <code>{text}</code>
      </pre>
    </div>
  );
}
