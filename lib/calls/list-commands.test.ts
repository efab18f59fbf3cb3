import { describe, expect, it } from "vitest";
import { aCallSession, aCommand, callDeps, callRequests, campusError } from "@/lib/testing/call-fixtures";
import { fakeClock } from "@/lib/testing/fixtures";
import type { CommandRecord } from "./call-state-store";
import { RECENT_COMMAND_SECONDS, RECENT_COMMANDS_LIMIT, listSessionCommands } from "./list-commands";

const aRecord = (overrides: Partial<CommandRecord> = {}): CommandRecord => ({
  ref: "ref1",
  userId: "usr_ada",
  clientId: "c".repeat(32),
  kind: "action",
  payload: { action: "stage/join" },
  commandId: "cmd_1",
  status: "pending",
  createdAt: Date.parse("2030-01-01T00:00:00Z"),
  ...overrides,
});

describe("spec 4.8: the session's commands, polled through the backend", () => {
  it("reads the campus only for commands that have not ended, and keeps what it read", async () => {
    const clock = fakeClock();
    const { deps, campus } = callDeps({
      now: clock.now,
      routes: { "GET /v1/apps/calls/commands/cmd_2": () => Response.json(aCommand({ commandId: "cmd_2", status: "working" })) },
    });
    const { credentials, sid } = await aCallSession(deps);
    await deps.callState.putCommand(sid, aRecord({ ref: "ref1", commandId: "cmd_1", status: "applied", createdAt: clock.now() - 2000 }));
    await deps.callState.putCommand(sid, aRecord({ ref: "ref2", commandId: "cmd_2", status: "pending", createdAt: clock.now() - 1000 }));

    const commands = await listSessionCommands(credentials, deps);
    expect(commands.map((command) => [command.ref, command.status])).toEqual([
      ["ref1", "applied"],
      ["ref2", "working"],
    ]);
    expect(callRequests(campus.requests)).toEqual(["GET /v1/apps/calls/commands/cmd_2"]);
    expect((await deps.callState.listCommands(sid)).find((record) => record.ref === "ref2")?.status).toBe("working");
  });

  it("carries the result of a command that failed, never its IDs", async () => {
    const result = { code: "CALL_CONFLICT", message: "All six seats are taken" };
    const { deps } = callDeps({ routes: { "GET /v1/apps/calls/commands/cmd_1": () => Response.json(aCommand({ status: "failed", result })) } });
    const { credentials, sid } = await aCallSession(deps);
    await deps.callState.putCommand(sid, aRecord());
    const [command] = await listSessionCommands(credentials, deps);
    expect(command).toMatchObject({ status: "failed", result, kind: "action", action: "stage/join" });
    expect(JSON.stringify(command)).not.toMatch(/cmd_1|ccccc/);
  });

  it("once all have ended, costs the campus nothing", async () => {
    const { deps, campus } = callDeps();
    const { credentials, sid } = await aCallSession(deps);
    for (const status of ["applied", "declined", "failed", "expired"] as const) {
      await deps.callState.putCommand(sid, aRecord({ ref: status, status }));
    }
    expect(await listSessionCommands(credentials, deps)).toHaveLength(4);
    expect(callRequests(campus.requests)).toEqual([]);
  });

  it("lists only the current member's commands", async () => {
    const { deps } = callDeps();
    const { credentials, sid } = await aCallSession(deps);
    await deps.callState.putCommand(sid, aRecord({ ref: "mine", status: "applied" }));
    await deps.callState.putCommand(sid, aRecord({ ref: "theirs", userId: "usr_grace", status: "applied" }));
    expect((await listSessionCommands(credentials, deps)).map((command) => command.ref)).toEqual(["mine"]);
  });

  it("keeps the recent ones only, oldest first", async () => {
    const clock = fakeClock();
    const { deps } = callDeps({ now: clock.now });
    const { credentials, sid } = await aCallSession(deps);
    await deps.callState.putCommand(sid, aRecord({ ref: "old", status: "applied", createdAt: clock.now() - RECENT_COMMAND_SECONDS * 1000 }));
    for (let i = 0; i < RECENT_COMMANDS_LIMIT + 2; i++) {
      await deps.callState.putCommand(sid, aRecord({ ref: `r${i}`, status: "applied", createdAt: clock.now() - i }));
    }
    const commands = await listSessionCommands(credentials, deps);
    expect(commands).toHaveLength(RECENT_COMMANDS_LIMIT);
    expect(commands.at(-1)?.ref).toBe("r0");
    expect(commands[0]?.ref).toBe(`r${RECENT_COMMANDS_LIMIT - 1}`);
    expect(await deps.callState.listCommands(sid)).toHaveLength(RECENT_COMMANDS_LIMIT);
  });

  it("ACCESS_REVOKED clears the session's grant and commands", async () => {
    const { deps } = callDeps({ routes: { "GET /v1/apps/calls/commands/cmd_1": () => campusError("ACCESS_REVOKED", 403) } });
    const { credentials, sid } = await aCallSession(deps, { grantId: "grt_1" });
    await deps.callState.putCommand(sid, aRecord());
    await expect(listSessionCommands(credentials, deps)).rejects.toMatchObject({ code: "ACCESS_REVOKED" });
    expect(await deps.callState.listCommands(sid)).toEqual([]);
    expect(await deps.callState.getGrant(sid)).toBeUndefined();
  });
});
