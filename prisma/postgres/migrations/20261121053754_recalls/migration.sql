-- CreateTable
CREATE TABLE "RecallCampaign" (
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RecallCampaign_pkey" PRIMARY KEY ("campaignNumber")
);

-- CreateTable
CREATE TABLE "RecallCoverage" (
    "id" SERIAL NOT NULL,
    "campaignNumber" TEXT NOT NULL,
    "make" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "makeKey" TEXT NOT NULL,
    "modelKey" TEXT NOT NULL,
    "component" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RecallCoverage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RecallLookup" (
    "key" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "makeKey" TEXT NOT NULL,
    "modelKey" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "resultCount" INTEGER NOT NULL,
    "campaignNumbers" TEXT NOT NULL,
    "checkedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RecallLookup_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "RecallCampaign_reportReceivedDate_idx" ON "RecallCampaign"("reportReceivedDate");

-- CreateIndex
CREATE INDEX "RecallCoverage_makeKey_year_idx" ON "RecallCoverage"("makeKey", "year");

-- CreateIndex
CREATE UNIQUE INDEX "RecallCoverage_campaignNumber_makeKey_modelKey_year_compone_key" ON "RecallCoverage"("campaignNumber", "makeKey", "modelKey", "year", "component");

-- AddForeignKey
ALTER TABLE "RecallCoverage" ADD CONSTRAINT "RecallCoverage_campaignNumber_fkey" FOREIGN KEY ("campaignNumber") REFERENCES "RecallCampaign"("campaignNumber") ON DELETE CASCADE ON UPDATE CASCADE;

