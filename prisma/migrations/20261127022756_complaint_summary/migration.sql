-- CreateTable
CREATE TABLE "ComplaintSummary" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "year" INTEGER NOT NULL,
    "makeKey" TEXT NOT NULL,
    "modelKey" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "importedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "ComplaintSummary_year_makeKey_idx" ON "ComplaintSummary"("year", "makeKey");

