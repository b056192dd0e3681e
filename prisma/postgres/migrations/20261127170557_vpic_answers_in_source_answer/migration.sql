-- vPIC's live answers join the other outside sources' stored answers (source "vpic", keyed by VIN descriptor),
-- which every server process holds in memory (lib/buyer-data/answer-index.ts): a decode reads no row.
INSERT INTO "SourceAnswer" ("source", "key", "payload", "checkedAt", "storedAt")
SELECT 'vpic', "descriptor", "values", "fetchedAt", "fetchedAt" FROM "VpicEnrichment";

-- DropTable
DROP TABLE "VpicEnrichment";
