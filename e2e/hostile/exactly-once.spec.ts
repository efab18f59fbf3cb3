import { expect, test } from "../support/fixtures";
import { membersInOneCall } from "../support/call-setup";

// The app retries a command four times within ten seconds (lib/calls/send-command.ts, COMMAND_RETRY).
const APP_ATTEMPTS = 4;

// Spec 4.7: "retries with the same clientId apply once". Across the member's clicks too.
test.describe("exactly once, across clicks", () => {
  test("every answer to a command is dropped, the campus recovers, the member clicks again: one command", async ({ control, openCampusAs }) => {
    const { pages } = await membersInOneCall(control, openCampusAs, ["ada"]);
    const ada = pages[0]!;
    await ada.attachToCall();
    // The campus handles each attempt in full and closes the connection without an answer. Camera-on
    // waits for the member in the campus page (spec 4.7), so the toggle still offers it afterwards.
    await control.injectFault("command", "drop", { count: APP_ATTEMPTS });
    await ada.app.getByTestId("action-cameraOn").click();
    await expect(ada.app.getByTestId("command-error").first()).toBeVisible();
    const attempts = (await control.restLog()).filter((entry) => entry.method === "POST" && entry.path.endsWith("/commands/action"));
    expect(attempts).toHaveLength(APP_ATTEMPTS);

    // The campus answers again; the member, seeing the error, clicks once more, then confirms.
    await ada.app.getByTestId("action-cameraOn").click();
    await ada.confirmCommandPrompt();
    await expect(ada.commandRows().last()).toHaveAttribute("data-status", "applied");

    expect((await control.commands()).filter((command) => command.kind === "action" && command.action === "cameraOn")).toHaveLength(1);
    const posts = (await control.restLog()).filter((entry) => entry.method === "POST" && entry.path.endsWith("/commands/action"));
    expect(posts).toHaveLength(APP_ATTEMPTS + 1);
  });

  test("a mute lost in transit, then unmute, then mute again: the second mute is a new command and the microphone goes off", async ({ control, openCampusAs }) => {
    const { pages } = await membersInOneCall(control, openCampusAs, ["ada"]);
    const ada = pages[0]!;
    await ada.attachToCall();
    const microphone = async () => (await control.calls()).flatMap((call) => call.members).find((member) => member.username === "ada")?.microphone;
    const mutes = async () => (await control.commands()).filter((command) => command.kind === "action" && command.action === "mute");

    // Unmute is confirmed in the campus page (spec 4.7).
    await ada.app.getByTestId("action-unmute").click();
    await ada.confirmCommandPrompt();
    await expect.poll(microphone).toBe(true);

    // The campus applies the mute and drops every answer: the page shows an error, the microphone is off.
    await control.injectFault("command", "drop", { count: APP_ATTEMPTS });
    await ada.app.getByTestId("action-mute").click();
    await expect(ada.app.getByTestId("command-error").first()).toBeVisible();
    await expect.poll(microphone).toBe(false);
    expect(await mutes()).toHaveLength(1);

    await ada.app.getByTestId("action-unmute").click();
    await ada.confirmCommandPrompt();
    await expect.poll(microphone).toBe(true);

    // A deliberate repeat after another command: a new clientId, so a new command the campus applies.
    await ada.app.getByTestId("action-mute").click();
    await expect.poll(async () => (await mutes()).length).toBe(2);
    await expect.poll(microphone).toBe(false);
  });
});
