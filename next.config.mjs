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
  ],
  poweredByHeader: false,
  reactStrictMode: true,
  // Integration tests build into their own folder so a developer's `next dev` is never disturbed.
  distDir: process.env.NEXT_DIST_DIR || ".next",
};

export default nextConfig;
