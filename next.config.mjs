/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and engine packages stay outside the bundle; they are loaded from node_modules at run time.
  serverExternalPackages: [
    "better-sqlite3",
    "pino",
    "@prisma/client",
    "@prisma/adapter-better-sqlite3",
    "@prisma/adapter-pg",
    "@prisma/driver-adapter-utils",
    "pg",
    // One copy per process of the metrics registry's library and of OpenTelemetry (whose API keeps the tracer
    // provider in a global that Next.js's own spans read too); the SDK is loaded only when tracing is configured.
    "prom-client",
    "@opentelemetry/api",
    "@opentelemetry/sdk-trace-node",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/resources",
    "@opentelemetry/semantic-conventions",
    "@prisma/instrumentation",
  ],
  poweredByHeader: false,
  // The build does not type-check: `npm run lint` (and so `npm test`) runs `tsc --noEmit` over the whole
  // project, and a user's first `npm start` should not spend most of its build on a check the code has passed.
  typescript: { ignoreBuildErrors: true },
  // Turbopack's build cache (on by default in Next 16.4) only pays off on a rebuild of the same checkout, and
  // writing it kept a fresh clone's first build waiting 44-49 s longer on this project's 2-core machine; a
  // rebuild here measured no faster with it.
  experimental: { turbopackFileSystemCacheForBuild: false },
  reactStrictMode: true,
  // Integration tests build into their own folder so a developer's `next dev` is never disturbed.
  distDir: process.env.NEXT_DIST_DIR || ".next",
};

export default nextConfig;
