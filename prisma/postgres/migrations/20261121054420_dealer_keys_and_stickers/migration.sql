-- CreateTable
CREATE TABLE "DealerKey" (
    "id" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "location" TEXT,
    "status" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "DealerKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DealerUsage" (
    "keyId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "vins" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "DealerUsage_pkey" PRIMARY KEY ("keyId","day")
);

-- CreateTable
CREATE TABLE "StickerArchive" (
    "id" SERIAL NOT NULL,
    "vin" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "fetchedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StickerArchive_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StickerProbe" (
    "vin" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "checkedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "StickerProbe_pkey" PRIMARY KEY ("vin")
);

-- CreateIndex
CREATE UNIQUE INDEX "DealerKey_prefix_key" ON "DealerKey"("prefix");

-- CreateIndex
CREATE INDEX "DealerUsage_day_idx" ON "DealerUsage"("day");

-- CreateIndex
CREATE INDEX "StickerArchive_vin_fetchedAt_idx" ON "StickerArchive"("vin", "fetchedAt");

-- CreateIndex
CREATE UNIQUE INDEX "StickerArchive_vin_sha256_key" ON "StickerArchive"("vin", "sha256");

-- AddForeignKey
ALTER TABLE "DealerUsage" ADD CONSTRAINT "DealerUsage_keyId_fkey" FOREIGN KEY ("keyId") REFERENCES "DealerKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;

