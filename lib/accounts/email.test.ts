import { normaliseEmail } from "./email";

test("Gmail ignores case, dots and +tags; googlemail is gmail", () => {
  expect(normaliseEmail(" J.Doe+trial2@Gmail.com ")).toBe("jdoe@gmail.com");
  expect(normaliseEmail("jdoe@googlemail.com")).toBe("jdoe@gmail.com");
});

test("providers that ignore +tags only keep the dots", () => {
  expect(normaliseEmail("Ann.Lee+x@Outlook.com")).toBe("ann.lee@outlook.com");
});

test("other domains keep dots and plus signs (they may be different mailboxes), only case folds", () => {
  expect(normaliseEmail("Sales.Team+east@Motors.example")).toBe("sales.team+east@motors.example");
  expect(normaliseEmail("sales.team+west@motors.example")).not.toBe(normaliseEmail("sales.team+east@motors.example"));
});
