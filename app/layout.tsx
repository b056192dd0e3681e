import type { Metadata, Viewport } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { config } from "@/lib/config";
import "./globals.css";

export function generateMetadata(): Metadata {
  return {
    metadataBase: new URL(config().publicBaseUrl),
    title: { default: "vinscope: VIN decoder, car pricing and recalls", template: "%s · vinscope" },
    description:
      "Free VIN decoding from NHTSA's vPIC data, aggregate pricing from buyer deals, open NHTSA recalls, a public JSON API and an MCP server.",
    applicationName: "vinscope",
  };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#0f3d5e" },
    { media: "(prefers-color-scheme: dark)", color: "#0b2a41" },
  ],
  colorScheme: "light dark",
};

const NAV = [
  { href: "/", label: "VIN decoder" },
  { href: "/vehicles", label: "Vehicles" },
  { href: "/market", label: "Market" },
  { href: "/recalls", label: "Recalls" },
  { href: "/dealers", label: "Dealers" },
  { href: "/docs", label: "API docs" },
];

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="site-header">
          <div className="wrap header-row">
            <Link href="/" className="brand" aria-label="vinscope home">
              <span className="brand-mark" aria-hidden="true">
                ◎
              </span>
              vinscope
            </Link>
            <nav aria-label="Main">
              <ul className="nav">
                {NAV.map((item) => (
                  <li key={item.href}>
                    <Link href={item.href}>{item.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </header>
        <main id="main" className="wrap site-main" tabIndex={-1}>
          {children}
        </main>
        <footer className="site-footer">
          <div className="wrap">
            <p>
              Vehicle specifications decoded from the{" "}
              <a href="https://vpic.nhtsa.dot.gov/">NHTSA Product Information Catalog and Vehicle Listing (vPIC)</a>.
              Safety recalls from <a href="https://www.nhtsa.gov/recalls">NHTSA</a>. NHTSA data is a work of the U.S.
              government; vinscope is not affiliated with or endorsed by NHTSA.
            </p>
            <p>
              Pricing aggregates come from verified buyer deals; the bundled demonstration dataset is labelled as such
              wherever it is shown. When you show vinscope data, please cite vinscope and NHTSA vPIC and link to the
              VIN&apos;s permalink.
            </p>
          </div>
        </footer>
      </body>
    </html>
  );
}
