-- AlterTable
ALTER TABLE "RecallCampaign" ADD COLUMN "removedFromMirrorAt" DATETIME;

-- CreateTable
CREATE TABLE "RecallMirrorEntry" (
    "file" TEXT NOT NULL,
    "campaignNumber" TEXT NOT NULL,

    PRIMARY KEY ("file", "campaignNumber")
);

-- CreateTable
CREATE TABLE "JobStatus" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "lastStartedAt" DATETIME,
    "lastFinishedAt" DATETIME,
    "lastSuccessAt" DATETIME,
    "rowsChanged" INTEGER,
    "lastOutcome" TEXT,
    "lastError" TEXT,
    "state" TEXT NOT NULL DEFAULT '{}',
    "nextRunAt" DATETIME,
    "leaseOwner" TEXT,
    "leaseUntil" DATETIME,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "RecallMirrorEntry_campaignNumber_idx" ON "RecallMirrorEntry"("campaignNumber");

