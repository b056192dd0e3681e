import { eventBody, RECALL_OPENED, WEBHOOK_TEST } from "./event-body";

const row = {
  id: "msg_1",
  createdAt: new Date("2026-11-20T10:00:00Z"),
  vin: null,
  year: null,
  make: null,
  model: null,
  campaignNumber: null,
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
      },
      undefined,
      "https://vinscope.example",
    ),
  );
  expect(body.data).toMatchObject({ make: "Dodge", model: "Avenger", year: 2011 });
});
