-- AlterTable
ALTER TABLE "DealerAccount" ADD COLUMN     "lastStripeEventAt" TIMESTAMP(3);

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
    "msrp" DOUBLE PRECISION NOT NULL,
    "sellingPrice" DOUBLE PRECISION NOT NULL,
    "dealType" TEXT NOT NULL,
    "purchaseDate" TIMESTAMP(3) NOT NULL,
    "source" TEXT NOT NULL,
    "stagedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DealStage_pkey" PRIMARY KEY ("importId","id")
);

-- CreateTable
CREATE TABLE "RecallCampaignStage" (
    "campaignNumber" TEXT NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RecallCampaignStage_pkey" PRIMARY KEY ("campaignNumber")
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
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RecallCoverageStage_pkey" PRIMARY KEY ("campaignNumber","makeKey","modelKey","year","component")
);

