-- AlterTable: the country of the record an event is about (Transport Canada recalls and investigations join NHTSA's recalls).
ALTER TABLE "AlertEvent" ADD COLUMN "country" TEXT;

-- Every event written before is a US recall or a test.
UPDATE "AlertEvent" SET "country" = 'US' WHERE "type" = 'recall.opened';
