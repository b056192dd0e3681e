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

-- CreateIndex
CREATE INDEX "Deal_makeSlug_modelSlug_year_sellingPrice_idx" ON "Deal"("makeSlug", "modelSlug", "year", "sellingPrice");

-- CreateIndex
CREATE INDEX "Deal_makeSlug_modelSlug_year_state_sellingPrice_idx" ON "Deal"("makeSlug", "modelSlug", "year", "state", "sellingPrice");

-- CreateIndex
CREATE INDEX "Deal_state_idx" ON "Deal"("state");

-- CreateIndex
CREATE INDEX "Deal_source_idx" ON "Deal"("source");

