-- CreateTable
CREATE TABLE "Deal" (
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Deal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DealSummary" (
    "makeSlug" TEXT NOT NULL,
    "modelSlug" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "state" TEXT NOT NULL,
    "trim" TEXT NOT NULL,
    "make" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "dealCount" INTEGER NOT NULL,
    "leaseCount" INTEGER NOT NULL,
    "demoCount" INTEGER NOT NULL,
    "sumMsrp" DOUBLE PRECISION NOT NULL,
    "sumPrice" DOUBLE PRECISION NOT NULL,
    "sumDiscountPct" DOUBLE PRECISION NOT NULL,
    "newestPurchase" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DealSummary_pkey" PRIMARY KEY ("makeSlug","modelSlug","year","state","trim")
);

-- CreateIndex
CREATE INDEX "Deal_makeSlug_modelSlug_year_sellingPrice_idx" ON "Deal"("makeSlug", "modelSlug", "year", "sellingPrice");

-- CreateIndex
CREATE INDEX "Deal_makeSlug_modelSlug_year_state_sellingPrice_idx" ON "Deal"("makeSlug", "modelSlug", "year", "state", "sellingPrice");

-- CreateIndex
CREATE INDEX "Deal_source_idx" ON "Deal"("source");

-- CreateIndex
CREATE INDEX "DealSummary_state_idx" ON "DealSummary"("state");

