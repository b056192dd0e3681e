-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_SourceAnswer" (
    "source" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "checkedAt" DATETIME NOT NULL,
    "storedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("source", "key")
);
INSERT INTO "new_SourceAnswer" ("checkedAt", "key", "payload", "source") SELECT "checkedAt", "key", "payload", "source" FROM "SourceAnswer";
DROP TABLE "SourceAnswer";
ALTER TABLE "new_SourceAnswer" RENAME TO "SourceAnswer";
CREATE INDEX "SourceAnswer_storedAt_idx" ON "SourceAnswer"("storedAt");
CREATE INDEX "SourceAnswer_source_storedAt_idx" ON "SourceAnswer"("source", "storedAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

