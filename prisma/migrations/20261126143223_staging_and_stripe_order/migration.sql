-- AlterTable
ALTER TABLE "DealerAccount" ADD COLUMN "lastStripeEventAt" DATETIME;

-- CreateTable
CREATE TABLE "DealStage" (
    "importId" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "vin" TEXT,
    "year" INTEGER NOT NULL,
    "make" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "makeSlug" TEXT NOT NULL,
    "modelSlug" TEXT NOT NULL,
    "trim" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "msrp" REAL NOT NULL,
    "sellingPrice" REAL NOT NULL,
    "dealType" TEXT NOT NULL,
    "purchaseDate" DATETIME NOT NULL,
    "source" TEXT NOT NULL,
    "stagedAt" DATETIME NOT NULL,

    PRIMARY KEY ("importId", "id")
);

-- CreateTable
CREATE TABLE "RecallCampaignStage" (
    "campaignNumber" TEXT NOT NULL PRIMARY KEY,
    "manufacturer" TEXT NOT NULL,
    "component" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "consequence" TEXT NOT NULL,
    "remedy" TEXT NOT NULL,
    "notes" TEXT NOT NULL,
    "reportReceivedDate" TEXT,
    "parkIt" BOOLEAN,
    "parkOutside" BOOLEAN,
    "overTheAirUpdate" BOOLEAN,
    "potentiallyAffected" INTEGER,
    "source" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "RecallCoverageStage" (
    "campaignNumber" TEXT NOT NULL,
    "make" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "makeKey" TEXT NOT NULL,
    "modelKey" TEXT NOT NULL,
    "component" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("campaignNumber", "makeKey", "modelKey", "year", "component")
);

