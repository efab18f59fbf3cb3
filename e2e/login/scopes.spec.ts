import { expect, test } from "../support/fixtures";

// Spec 2 (Member): fields are added only for approved scopes; unapproved fields are omitted.
const SCOPE_SETS = [
  { scopes: [], shows: [], hides: ["member-name", "member-country", "member-birthdate"] },
  { scopes: ["profile:read"], shows: ["member-name", "member-country"], hides: ["member-birthdate"] },
  { scopes: ["birthdate:read"], shows: ["member-birthdate"], hides: ["member-name", "member-country"] },
  {
    scopes: ["profile:read", "birthdate:read", "calls:read", "calls:control"],
    shows: ["member-name", "member-country", "member-birthdate"],
    hides: [],
  },
] as const;

test.describe("login with each scope set", () => {
  for (const set of SCOPE_SETS) {
    test(`scopes [${set.scopes.join(", ") || "none"}] show only the approved fields`, async ({ control, openCampusAs }) => {
      await control.saveRegistration({ scopes: set.scopes });
      const campus = await openCampusAs("ada");

      await expect(campus.consentDialog).toBeVisible();
      const listed = campus.consentDialog.getByTestId("consent-scope");
      if (set.scopes.length === 0) await expect(listed).toHaveCount(0);
      else await expect(listed).toHaveText(set.scopes.map((scope) => new RegExp(scope.replace(":", "\\:"))));
      await campus.approveConsent();
      await campus.expectState("signed-in");

      await expect(campus.text("member-userid")).not.toBeEmpty();
      await expect(campus.app.getByTestId("member-scope")).toHaveCount(set.scopes.length);
      // The username comes with profile:read only; without it the view falls back to the userId.
      if (set.scopes.includes("profile:read" as never)) await expect(campus.text("member-username")).toHaveText(/ada/);
      for (const field of set.shows) await expect(campus.text(field)).not.toHaveText(/Not shared/);
      for (const field of set.hides) await expect(campus.text(field)).toHaveText(/Not shared/);
    });
  }

  test("null profile fields read as not set, not as missing", async ({ control, openCampusAs }) => {
    await control.saveRegistration({ scopes: ["profile:read", "birthdate:read"] });
    const campus = await openCampusAs("nobody_yet");
    await campus.signIn();
    await expect(campus.text("member-username")).toHaveText(/nobody_yet/);
    for (const field of ["member-name", "member-country", "member-birthdate"]) {
      await expect(campus.text(field)).toHaveText(/Not set/);
    }
  });

  test("consent is remembered: a second launch signs in without asking", async ({ control, openCampusAs }) => {
    void control;
    const campus = await openCampusAs("grace");
    await campus.signIn();
    await campus.page.reload();
    await campus.expectState("signed-in");
    await expect(campus.consentDialog).toBeHidden();
  });
});
