-- CreateTable
CREATE TABLE "ComplaintSummary" (
    "key" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "makeKey" TEXT NOT NULL,
    "modelKey" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "importedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ComplaintSummary_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "ComplaintSummary_year_makeKey_idx" ON "ComplaintSummary"("year", "makeKey");
