-- CreateTable
CREATE TABLE "rate_limit_counters" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT
);

-- CreateTable
CREATE TABLE "rate_limit_members" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "seen" BIGINT NOT NULL
);

