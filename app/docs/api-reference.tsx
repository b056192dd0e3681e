"use client";
// The interactive reference: Swagger UI (swagger-ui-dist, served from /docs/assets) rendering the live OpenAPI
// document. The online validator badge is off, so the page contacts no other host.
import Script from "next/script";

declare global {
  interface Window {
    SwaggerUIBundle?: (options: Record<string, unknown>) => unknown;
  }
}

export function ApiReference({ specUrl, assetVersion }: { specUrl: string; assetVersion: string }) {
  return (
    <>
      <div id="api-reference" data-testid="api-reference" />
      <Script
        src={`/docs/assets/swagger-ui-bundle.js?v=${assetVersion}`}
        strategy="afterInteractive"
        onReady={() => {
          window.SwaggerUIBundle?.({
            url: specUrl,
            dom_id: "#api-reference",
            validatorUrl: null,
            // Deep links put an <a> inside each operation's toggle button (nested controls, an axe violation).
            deepLinking: false,
            docExpansion: "list",
            defaultModelsExpandDepth: 0,
            displayOperationId: true,
            tryItOutEnabled: false,
          });
        }}
      />
    </>
  );
}
