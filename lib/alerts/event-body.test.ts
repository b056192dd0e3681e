import { digestLine, eventBody, INVESTIGATION_OPENED, RECALL_OPENED, WEBHOOK_TEST } from "./event-body";

const row = {
  id: "msg_1",
  createdAt: new Date("2026-11-20T10:00:00Z"),
  vin: null,
  year: null,
  make: null,
  model: null,
  campaignNumber: null,
  country: null,
};

test("the test event claims nothing the service cannot know: it is signed, and says how to check", () => {
  const body = JSON.parse(eventBody({ ...row, type: WEBHOOK_TEST }, undefined, "https://vinscope.example"));
  expect(body.type).toBe("webhook.test");
  expect(body.data.message).not.toMatch(/verifies signatures/);
  expect(body.data.message).toContain("signed as every event is");
  expect(body.data.message).toContain("webhook-signature");
});

test("recall.opened names the make as the rest of the service does", () => {
  const body = JSON.parse(
    eventBody(
      {
        ...row,
        type: RECALL_OPENED,
        vin: "1B3BD1FG9BN510278",
        year: 2011,
        make: "DODGE",
        model: "Avenger",
        campaignNumber: "26V812000",
        country: "US",
      },
      { kind: "us-recall", campaign: undefined },
      "https://vinscope.example",
    ),
  );
  expect(body.data).toMatchObject({ make: "Dodge", model: "Avenger", year: 2011 });
});

const watchedVehicle = { ...row, vin: null, year: 2020, make: "FORD", model: "F-150" };

test("a Canadian recall's event says it is Canadian, carries the recall and the licence's attribution", () => {
  const event = { ...watchedVehicle, type: RECALL_OPENED, campaignNumber: "2024123", country: "CA" };
  const recall = {
    recallNumber: "2024123",
    recallDate: "2024-03-01",
    system: "Electrical",
    category: "Truck",
    notificationType: "Safety Mfr",
    unitsAffected: 1200,
    comment: "The wiring may chafe.",
    commentFr: "Le câblage peut frotter.",
    manufacturerRecallNumber: "24C01",
    nhtsaCampaignNumber: null,
    url: "https://wwwapps.tc.gc.ca/x",
  };
  const body = JSON.parse(eventBody(event, { kind: "canada-recall", recall }, "https://vinscope.example"));
  expect(body.type).toBe("recall.opened");
  expect(body.data).toMatchObject({
    country: "CA",
    recallNumber: "2024123",
    system: "Electrical",
    unitsAffected: 1200,
    watched: "vehicle",
    permalink: "https://vinscope.example/vehicles/ford/f-150/2020",
  });
  expect(body.data.source).toContain("Open Government Licence – Canada");
  expect(body.data).not.toHaveProperty("campaignNumber");
  const line = digestLine(event, { kind: "canada-recall", recall }, "https://vinscope.example");
  expect(line).toContain("Canadian recall 2024123");
  expect(line).toContain("no US campaign");
});

test("an investigation's event is a caution, never called a recall", () => {
  const event = {
    ...watchedVehicle,
    vin: "1FTEW1E50LFA00001",
    type: INVESTIGATION_OPENED,
    campaignNumber: "PE24013",
    country: "US",
  };
  const investigation = {
    actionNumber: "PE24013",
    type: { code: "PE" as const, name: "preliminary evaluation" },
    openedOn: "2024-05-02",
    closedOn: null,
    open: true,
    component: "STEERING",
    subject: "Loss of steering assist",
    summary: "NHTSA opened a preliminary evaluation.",
    manufacturer: "Ford Motor Company",
    recall: null,
  };
  const body = JSON.parse(eventBody(event, { kind: "investigation", investigation }, "https://vinscope.example"));
  expect(body.type).toBe("investigation.opened");
  expect(body.data).toMatchObject({
    vin: "1FTEW1E50LFA00001",
    actionNumber: "PE24013",
    open: true,
    investigationType: { code: "PE" },
    permalink: "https://vinscope.example/vin/1FTEW1E50LFA00001",
  });
  const line = digestLine(event, { kind: "investigation", investigation }, "https://vinscope.example");
  expect(line).toContain("NHTSA investigation PE24013 (preliminary evaluation, open, not a recall)");
});
