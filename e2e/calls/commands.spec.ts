import { expect, test } from "../support/fixtures";
import { membersInOneCall } from "../support/call-setup";
import { CAMPUS_API } from "../support/origins";

// Spec 2 (Command), 3 (command status), 4.7-4.8 and "Command request rules", 8.
test.describe("call commands", () => {
  test("an action that needs the member waits for the native prompt, then applies", async ({ control, openCampusAs }) => {
    const { pages } = await membersInOneCall(control, openCampusAs, ["ada"]);
    const ada = pages[0]!;
    await ada.attachToCall();
    // One camera toggle, from the native media status: off, so it sends cameraOn.
    await ada.app.getByTestId("action-cameraOn").click();
    await expect(ada.commandRows().last()).toHaveAttribute("data-status", /pending|working/);
    await expect(ada.app.getByTestId("action-cameraOn")).toBeDisabled();
    await ada.confirmCommandPrompt();
    await expect(ada.commandRows().last()).toHaveAttribute("data-status", "applied");
    await expect(ada.page.getByTestId("call-camera")).toHaveAttribute("data-on", "true");

    // On now, the same toggle turns it off, with no prompt. It applies at once (spec 4.7), and the
    // command's own answer says so: the backend read its status right after the campus took it.
    const listReads: string[] = [];
    ada.page.on("request", (request) => {
      if (request.method() === "GET" && request.url().endsWith("/api/call/commands")) listReads.push(request.url());
    });
    await ada.app.getByTestId("action-cameraOff").click();
    await expect(ada.commandRows().last()).toHaveAttribute("data-action", "cameraOff");
    await expect(ada.commandRows().last()).toHaveAttribute("data-status", "applied");
    expect(listReads).toEqual([]);
  });

  test("host-only actions are refused to others, with the campus's message shown", async ({ control, openCampusAs }) => {
    const { callId, pages } = await membersInOneCall(control, openCampusAs, ["ada", "grace"]);
    const grace = pages[1]!;
    const [sim] = await control.addSimulatedMembers(callId, 1);
    await control.simulate(callId, sim!, "stage-request");
    await grace.attachToCall();
    await grace.app.getByTestId("show-moderation").click();
    await grace.rosterRow("sim_01").getByTestId("row-action-stage-approve").click();
    await expect(grace.app.getByTestId("command-error").first()).toContainText(/host/i);
  });

  test("a command retried after a dropped response is applied exactly once", async ({ control, openCampusAs }) => {
    const { pages } = await membersInOneCall(control, openCampusAs, ["ada"]);
    const ada = pages[0]!;
    await ada.attachToCall();
    await control.injectFault("command", "drop", { count: 1 });
    // Muting the call audio applies at once (no native prompt).
    await ada.app.getByTestId("action-playback").click();
    await expect(ada.commandRows()).toHaveCount(1);
    await expect(ada.commandRows().first()).toHaveAttribute("data-status", "applied");

    // The campus saw the same clientId twice and made one command of it.
    const commands = await control.commands();
    expect(commands.filter((c) => c.kind === "playback")).toHaveLength(1);
    const posts = await control.restLog();
    expect(posts.filter((entry) => entry.method === "POST" && entry.path.endsWith("/commands/playback")).length).toBeGreaterThanOrEqual(2);
  });

  test("a command not answered within a minute expires (campus clock)", async ({ control, openCampusAs }) => {
    const { pages } = await membersInOneCall(control, openCampusAs, ["ada"]);
    const ada = pages[0]!;
    await ada.attachToCall();
    await ada.app.getByTestId("action-cameraOn").click();
    await expect(ada.commandRows().last()).toHaveAttribute("data-status", /pending|working/);
    await control.advanceClock(61);
    await expect(ada.commandRows().last()).toHaveAttribute("data-status", "expired");
  });

  test("a rate-limited command backs off for Retry-After, then works", async ({ control, openCampusAs }) => {
    const { pages } = await membersInOneCall(control, openCampusAs, ["ada"]);
    const ada = pages[0]!;
    await ada.attachToCall();
    await control.injectFault("command", "rateLimited", { count: 1, retryAfterSeconds: 3 });
    await ada.app.getByTestId("action-playback").click();
    await expect(ada.app.getByTestId("rate-limited")).toBeVisible();
    await expect(ada.app.getByTestId("action-playback")).toBeDisabled();
    await expect(ada.app.getByTestId("rate-limited")).toBeHidden();
    await ada.app.getByTestId("action-playback").click();
    await expect(ada.commandRows().last()).toHaveAttribute("data-status", "applied");
  });

  test("a command the campus is slow to take is busy for assistive technology from the click, shows the controls busy once it has run a while, and none other leaves meanwhile", async ({ control, openCampusAs }) => {
    const { pages } = await membersInOneCall(control, openCampusAs, ["ada"]);
    const ada = pages[0]!;
    await ada.attachToCall();
    // Within the app's attempt timeout: one attempt, answered late.
    await control.injectFault("command", "delay", { count: 1, delayMs: 1_500 });
    const view = ada.app.getByTestId("call-view");
    const playback = ada.app.getByTestId("action-playback");
    const leave = ada.app.getByTestId("action-leave");
    // Read in the task of the click, right after its handlers ran: no timer can have fired yet.
    const atClick = await playback.evaluate((button: HTMLElement) => {
      button.focus();
      button.click();
      const region = button.closest('[data-testid="call-view"]');
      return { region: region?.getAttribute("aria-busy"), control: button.getAttribute("aria-busy"), disabled: button.getAttribute("aria-disabled") };
    });
    expect(atClick).toEqual({ region: "true", control: "true", disabled: null });
    // Shown busy (dimmed) once it has run a while: every call control waits for it.
    await expect(playback).toBeDisabled();
    await expect(leave).toBeDisabled();
    await leave.click({ force: true });
    await expect(ada.commandRows().last()).toHaveAttribute("data-status", "applied");
    await expect(playback).toBeEnabled();
    await expect(leave).toBeEnabled();
    await expect(view).not.toHaveAttribute("aria-busy");
    await expect(playback).not.toHaveAttribute("aria-busy");
    expect((await control.commands()).map((command) => command.kind)).toEqual(["playback"]);
  });

  test("the speaker seat limit and member 101 are refused", async ({ control, openCampusAs }) => {
    const { callId, pages } = await membersInOneCall(control, openCampusAs, ["ada"]);
    const ada = pages[0]!;
    // Ada hosts as a speaker; five more speakers fill the six seats.
    const sims = await control.addSimulatedMembers(callId, 5);
    for (const sim of sims) await control.simulate(callId, sim, "speak");
    await ada.attachToCall();
    const grace = (await control.members()).find((m) => m.username === "grace")!;
    // Grace is not in the roster: her permanent ID is typed.
    await ada.app.getByTestId("invite-member").selectOption("by-id");
    await ada.app.getByTestId("invite-recipient").fill(grace.userId);
    await ada.app.getByTestId("invite-role").selectOption("speaker");
    await ada.app.getByTestId("call-invite").click();
    await expect(ada.app.getByTestId("command-error").first()).toContainText(/seat/i);

    // 1 + 5 + 94 = 100 members: the 101st is refused.
    await control.addSimulatedMembers(callId, 94);
    await ada.app.getByTestId("invite-role").selectOption("audience");
    await ada.app.getByTestId("call-invite").click();
    await expect(ada.app.getByTestId("command-error").first()).toContainText(/100|full/i);
  });

  test("invite picks a member from the roster by username and sends their permanent ID", async ({ control, openCampusAs }) => {
    const { callId, pages } = await membersInOneCall(control, openCampusAs, ["ada"]);
    const ada = pages[0]!;
    await control.addSimulatedMembers(callId, 1);
    await ada.attachToCall();
    const picker = ada.app.getByTestId("invite-member");
    await expect(picker.locator("option", { hasText: "sim_01" })).toHaveCount(1);
    await expect(picker.locator("option", { hasText: /^ada/ })).toHaveCount(0);
    await picker.selectOption({ label: "sim_01 (in the call)" });
    await expect(picker).toHaveValue(/^usr_/);
    await expect(ada.app.getByTestId("invite-recipient")).toHaveCount(0);
    await ada.app.getByTestId("call-invite").click();
    // sim_01 is in the call already: the campus judges the recipient the command carried and
    // refuses it (an invite with no recipient would open the campus's own picker instead).
    await expect(ada.app.getByTestId("command-error").first()).toBeVisible();
    const invites = (await control.restLog()).filter((entry) => entry.method === "POST" && entry.path.endsWith("/commands/invite"));
    expect(invites.at(-1)?.status).toBe(400);
  });

  test("a changed payload under a reused clientId is refused", async ({ control, openCampusAs, request }) => {
    const { pages } = await membersInOneCall(control, openCampusAs, ["ada"]);
    await pages[0]!.attachToCall();
    // Straight at the campus with the member's token (read from the control API): the app itself
    // never reuses a clientId for a different payload.
    const [token] = await control.accessTokens();
    const headers = { authorization: `Bearer ${token}` };
    const { grantId } = await (await request.post(`${CAMPUS_API}/v1/apps/calls/attach`, { headers })).json();
    const url = `${CAMPUS_API}/v1/apps/calls/grants/${grantId}/commands/playback`;
    const clientId = "e2e-reused-client-id-0001";

    const first = await request.post(url, { headers, data: { clientId, muted: true } });
    const replay = await request.post(url, { headers, data: { clientId, muted: true } });
    const changed = await request.post(url, { headers, data: { clientId, muted: false } });
    expect(first.status()).toBe(200);
    expect(await replay.json()).toEqual(await first.json());
    expect(changed.status()).toBe(400);
    expect((await changed.json()).error.code).toBe("BAD_USER_INPUT");
  });
});
