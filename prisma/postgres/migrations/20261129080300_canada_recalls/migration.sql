-- AlterTable
ALTER TABLE "RecallCampaign" ADD COLUMN     "manufacturerCampaignNumber" TEXT;

-- AlterTable
ALTER TABLE "RecallCampaignStage" ADD COLUMN     "manufacturerCampaignNumber" TEXT;

-- CreateTable
CREATE TABLE "CanadaRecall" (
    "key" TEXT NOT NULL,
    "recallNumber" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "make" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "makeKey" TEXT NOT NULL,
    "modelKey" TEXT NOT NULL,
    "manufacturerRecallNumber" TEXT,
    "category" TEXT NOT NULL,
    "system" TEXT NOT NULL,
    "notificationType" TEXT NOT NULL,
    "comment" TEXT NOT NULL,
    "commentFr" TEXT NOT NULL,
    "unitsAffected" INTEGER,
    "recallDate" TEXT,
    "rowHash" TEXT NOT NULL,
    "firstSeenAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CanadaRecall_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "CanadaRecallStage" (
    "importId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "recallNumber" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "make" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "makeKey" TEXT NOT NULL,
    "modelKey" TEXT NOT NULL,
    "manufacturerRecallNumber" TEXT,
    "category" TEXT NOT NULL,
    "system" TEXT NOT NULL,
    "notificationType" TEXT NOT NULL,
    "comment" TEXT NOT NULL,
    "commentFr" TEXT NOT NULL,
    "unitsAffected" INTEGER,
    "recallDate" TEXT,
    "rowHash" TEXT NOT NULL,

    CONSTRAINT "CanadaRecallStage_pkey" PRIMARY KEY ("importId","key")
);

-- CreateTable
CREATE TABLE "CanadaRecallImport" (
    "id" SERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "file" TEXT NOT NULL,
    "rowsRead" INTEGER NOT NULL,
    "rowsImported" INTEGER NOT NULL,
    "rowsSkipped" INTEGER NOT NULL,
    "added" INTEGER NOT NULL,
    "changed" INTEGER NOT NULL,
    "removed" INTEGER NOT NULL,
    "importedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CanadaRecallImport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CanadaRecall_year_makeKey_modelKey_idx" ON "CanadaRecall"("year", "makeKey", "modelKey");

-- CreateIndex
CREATE INDEX "CanadaRecall_firstSeenAt_idx" ON "CanadaRecall"("firstSeenAt");

-- CreateIndex
CREATE INDEX "CanadaRecallImport_kind_importedAt_idx" ON "CanadaRecallImport"("kind", "importedAt");

-- CreateIndex
CREATE INDEX "RecallCampaign_manufacturerCampaignNumber_idx" ON "RecallCampaign"("manufacturerCampaignNumber");
