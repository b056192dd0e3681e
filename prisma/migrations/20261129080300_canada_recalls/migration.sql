-- AlterTable
ALTER TABLE "RecallCampaign" ADD COLUMN "manufacturerCampaignNumber" TEXT;

-- AlterTable
ALTER TABLE "RecallCampaignStage" ADD COLUMN "manufacturerCampaignNumber" TEXT;

-- CreateTable
CREATE TABLE "CanadaRecall" (
    "key" TEXT NOT NULL PRIMARY KEY,
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
    "firstSeenAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
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

    PRIMARY KEY ("importId", "key")
);

-- CreateTable
CREATE TABLE "CanadaRecallImport" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL,
    "file" TEXT NOT NULL,
    "rowsRead" INTEGER NOT NULL,
    "rowsImported" INTEGER NOT NULL,
    "rowsSkipped" INTEGER NOT NULL,
    "added" INTEGER NOT NULL,
    "changed" INTEGER NOT NULL,
    "removed" INTEGER NOT NULL,
    "importedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "CanadaRecall_year_makeKey_modelKey_idx" ON "CanadaRecall"("year", "makeKey", "modelKey");

-- CreateIndex
CREATE INDEX "CanadaRecall_firstSeenAt_idx" ON "CanadaRecall"("firstSeenAt");

-- CreateIndex
CREATE INDEX "CanadaRecallImport_kind_importedAt_idx" ON "CanadaRecallImport"("kind", "importedAt");

-- CreateIndex
CREATE INDEX "RecallCampaign_manufacturerCampaignNumber_idx" ON "RecallCampaign"("manufacturerCampaignNumber");

