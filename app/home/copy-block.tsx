"use client";
// A code example with a copy button (the text is also selectable by hand).
import { useState } from "react";

export function CopyBlock({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div style={{ position: "relative" }}>
      <pre aria-label={label}>
        <code>{text}</code>
      </pre>
      <button
        type="button"
        className="secondary"
        style={{ position: "absolute", top: 6, right: 6, padding: "0.2rem 0.6rem", fontSize: "0.8rem" }}
        onClick={async () => {
          await navigator.clipboard.writeText(text);
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        }}
      >
        {copied ? "Copied" : "Copy"}
      </button>
    </div>
  );
}
