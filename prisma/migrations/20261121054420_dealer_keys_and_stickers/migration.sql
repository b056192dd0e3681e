-- CreateTable
CREATE TABLE "DealerKey" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "prefix" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "location" TEXT,
    "status" TEXT NOT NULL,
    "expiresAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" DATETIME
);

-- CreateTable
CREATE TABLE "DealerUsage" (
    "keyId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "vins" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("keyId", "day"),
    CONSTRAINT "DealerUsage_keyId_fkey" FOREIGN KEY ("keyId") REFERENCES "DealerKey" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "StickerArchive" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "vin" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "fetchedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "StickerProbe" (
    "vin" TEXT NOT NULL PRIMARY KEY,
    "outcome" TEXT NOT NULL,
    "checkedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "DealerKey_prefix_key" ON "DealerKey"("prefix");

-- CreateIndex
CREATE INDEX "DealerUsage_day_idx" ON "DealerUsage"("day");

-- CreateIndex
CREATE INDEX "StickerArchive_vin_fetchedAt_idx" ON "StickerArchive"("vin", "fetchedAt");

-- CreateIndex
CREATE UNIQUE INDEX "StickerArchive_vin_sha256_key" ON "StickerArchive"("vin", "sha256");

