import { describe, expect, it } from "vitest";
import { authenticateResultSchema } from "../../lib/contract";
import {
  createTestCampus,
  issueCode,
  openTestLaunch,
  readError,
  readJson,
  saveTestRegistration,
  send,
} from "../test-support/test-campus";

type Campus = ReturnType<typeof createTestCampus>;

async function askConsent(campus: Campus, member = "ada") {
  const launch = await openTestLaunch(campus, { member });
  const response = await send(campus, "POST", `/host/launches/${launch.launchId}/authorize`, { json: { tabId: launch.tabId }, member });
  return { ...launch, need: await readJson<{ consent: string; app: { name: string; origin: string }; scopes: string[] }>(response) };
}

const requestCode = (campus: Campus, launch: { launchId: string; tabId: string; member: string }, consent: string, state = "xyz") =>
  send(campus, "POST", `/host/launches/${launch.launchId}/codes`, { json: { tabId: launch.tabId, state, consent }, member: launch.member });

describe("spec 5.3: authenticate asks for consent naming the app and its scopes", () => {
  it("requires consent the first time, describing the app and the registration's scopes", async () => {
    const campus = createTestCampus({ scopes: ["profile:read"] });
    const { need } = await askConsent(campus);
    expect(need).toEqual({ consent: "required", app: { name: "Test App", origin: "http://app.test:3000" }, scopes: ["profile:read"] });
  });

  it("replies only code, expiresIn 60 and the state echoed verbatim (spec part 9)", async () => {
    const campus = createTestCampus();
    const { need: _need, ...launch } = await askConsent(campus);
    const state = "  verbatim/state+with=chars  ";
    const response = await requestCode(campus, launch, "approved", state);
    const result = authenticateResultSchema.parse(await response.json());
    expect(Object.keys(result).sort()).toEqual(["code", "expiresIn", "state"]);
    expect(result.expiresIn).toBe(60);
    expect(result.state).toBe(state);
  });

  it("refuses to skip the dialog when nothing is remembered", async () => {
    const campus = createTestCampus();
    const { need: _need, ...launch } = await askConsent(campus);
    expect(await readError(await requestCode(campus, launch, "remembered"))).toEqual({ status: 409, code: "CONSENT_REQUIRED" });
  });
});

describe("spec 5.5: consent is remembered per member and registration, for the same scopes and origin", () => {
  it("skips the dialog for the same member, scopes and origin", async () => {
    const campus = createTestCampus();
    await issueCode(campus);
    expect((await askConsent(campus)).need.consent).toBe("remembered");
  });

  it("asks another member", async () => {
    const campus = createTestCampus();
    await issueCode(campus, { member: "ada" });
    expect((await askConsent(campus, "grace")).need.consent).toBe("required");
  });

  it("asks again when the scopes change", async () => {
    const campus = createTestCampus({ scopes: ["profile:read"] });
    await issueCode(campus);
    await saveTestRegistration(campus, { scopes: ["profile:read", "birthdate:read"] });
    expect((await askConsent(campus)).need.consent).toBe("required");
  });

  it("asks again when scopes are removed", async () => {
    const campus = createTestCampus({ scopes: ["profile:read", "birthdate:read"] });
    await issueCode(campus);
    await saveTestRegistration(campus, { scopes: ["profile:read"] });
    expect((await askConsent(campus)).need.consent).toBe("required");
  });

  it("asks again when the app origin changes", async () => {
    const campus = createTestCampus();
    await issueCode(campus);
    await saveTestRegistration(campus, { appOrigin: "http://app2.test:3000", appUrl: "http://app2.test:3000/" });
    expect((await askConsent(campus)).need.consent).toBe("required");
  });

  it("remembers across a save that keeps scopes and origin", async () => {
    const campus = createTestCampus();
    await issueCode(campus);
    await saveTestRegistration(campus, { published: true });
    expect((await askConsent(campus)).need.consent).toBe("remembered");
  });

  it("asks again after the consent is revoked", async () => {
    const campus = createTestCampus();
    await issueCode(campus);
    const revoke = await send(campus, "POST", "/control/consent/revoke", { json: { username: "ada" } });
    expect(await readJson(revoke)).toEqual({ revoked: 1 });
    expect((await askConsent(campus)).need.consent).toBe("required");
  });
});
