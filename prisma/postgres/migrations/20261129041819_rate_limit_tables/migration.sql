-- The rate-limit counters' tables (lib/rate-limit/postgres-counters.ts). Until this migration the limiter created
-- them on first use, with varchar keys: a database that has them keeps its rows, and its keys become TEXT as
-- schema.prisma says (a change PostgreSQL makes without rewriting the table).

-- CreateTable
CREATE TABLE IF NOT EXISTS "rate_limit_counters" (
    "key" TEXT NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,

    CONSTRAINT "rate_limit_counters_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE IF NOT EXISTS "rate_limit_members" (
    "id" TEXT NOT NULL,
    "seen" BIGINT NOT NULL,

    CONSTRAINT "rate_limit_members_pkey" PRIMARY KEY ("id")
);

ALTER TABLE "rate_limit_counters" ALTER COLUMN "key" TYPE TEXT;
ALTER TABLE "rate_limit_members" ALTER COLUMN "id" TYPE TEXT;
