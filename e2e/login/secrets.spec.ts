import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "../support/fixtures";
import { APP_ORIGIN, CAMPUS_API } from "../support/origins";
import { registration } from "../support/local-env";

// Spec 1 and 5.1: secrets and tokens belong on the app backend only.
test.describe("secrets stay on the backend", () => {
  test("no access token or client secret reaches the browser: responses, storage or cookies", async ({ control, openCampusAs, request }) => {
    void control;
    const campus = await openCampusAs("ada");
    const seen: string[] = [];
    campus.page.on("response", async (response) => {
      if (!response.url().startsWith(APP_ORIGIN)) return;
      const headers = JSON.stringify(await response.allHeaders());
      const body = await response.text().catch(() => "");
      seen.push(headers, body);
    });
    await campus.signIn();
    await campus.app.getByTestId("check-access").click();
    await campus.expectState("signed-in");

    const credentials = await (await request.post(`${CAMPUS_API}/control/credentials`, { data: {} })).json();
    const secrets: string[] = [registration.clientSecret, ...credentials.accessTokens];
    expect(credentials.accessTokens.length).toBeGreaterThan(0);

    const frame = campus.page.frame({ url: `${APP_ORIGIN}/` })!;
    // A browser may deny a cross-site frame its storage altogether; then nothing can be in it.
    const storage = await frame.evaluate(() => {
      const read = (get: () => Storage) => {
        try {
          return { ...get() };
        } catch {
          return "denied";
        }
      };
      return JSON.stringify({ local: read(() => localStorage), session: read(() => sessionStorage), cookie: document.cookie });
    });
    const cookies = JSON.stringify(await campus.page.context().cookies(APP_ORIGIN));
    const everything = [...seen, storage, cookies, await frame.content()].join("\n");

    expect(seen.length).toBeGreaterThan(0);
    for (const secret of secrets) expect(everything).not.toContain(secret);
  });

  test("the built client bundle holds no client secret", () => {
    const staticDir = path.join(process.cwd(), ".next", "static");
    const files = listFiles(staticDir);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      expect(text, file).not.toContain(registration.clientSecret);
      expect(text, file).not.toContain("CAMPUS_CLIENT_SECRET");
      expect(text, file).not.toContain("SESSION_SECRET");
    }
  });
});

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}
