-- AlterTable
ALTER TABLE "RecallCampaign" ADD COLUMN     "removedFromMirrorAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "RecallMirrorEntry" (
    "file" TEXT NOT NULL,
    "campaignNumber" TEXT NOT NULL,

    CONSTRAINT "RecallMirrorEntry_pkey" PRIMARY KEY ("file","campaignNumber")
);

-- CreateTable
CREATE TABLE "JobStatus" (
    "name" TEXT NOT NULL,
    "lastStartedAt" TIMESTAMP(3),
    "lastFinishedAt" TIMESTAMP(3),
    "lastSuccessAt" TIMESTAMP(3),
    "rowsChanged" INTEGER,
    "lastOutcome" TEXT,
    "lastError" TEXT,
    "state" TEXT NOT NULL DEFAULT '{}',
    "nextRunAt" TIMESTAMP(3),
    "leaseOwner" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "JobStatus_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "RecallMirrorEntry_campaignNumber_idx" ON "RecallMirrorEntry"("campaignNumber");

