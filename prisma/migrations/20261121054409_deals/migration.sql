-- CreateTable
CREATE TABLE "Deal" (
    "id" TEXT NOT NULL PRIMARY KEY,
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
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
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
    "sumMsrp" REAL NOT NULL,
    "sumPrice" REAL NOT NULL,
    "sumDiscountPct" REAL NOT NULL,
    "newestPurchase" DATETIME NOT NULL,

    PRIMARY KEY ("makeSlug", "modelSlug", "year", "state", "trim")
);

-- CreateIndex
CREATE INDEX "Deal_makeSlug_modelSlug_year_sellingPrice_idx" ON "Deal"("makeSlug", "modelSlug", "year", "sellingPrice");

-- CreateIndex
CREATE INDEX "Deal_makeSlug_modelSlug_year_state_sellingPrice_idx" ON "Deal"("makeSlug", "modelSlug", "year", "state", "sellingPrice");

-- CreateIndex
CREATE INDEX "Deal_source_idx" ON "Deal"("source");

-- CreateIndex
CREATE INDEX "DealSummary_state_idx" ON "DealSummary"("state");

