-- AlterTable
ALTER TABLE "SourceAnswer" ADD COLUMN     "storedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateIndex
CREATE INDEX "SourceAnswer_storedAt_idx" ON "SourceAnswer"("storedAt");

-- CreateIndex
CREATE INDEX "SourceAnswer_source_storedAt_idx" ON "SourceAnswer"("source", "storedAt");
