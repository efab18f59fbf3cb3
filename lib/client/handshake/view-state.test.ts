import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { HostBridgeError } from "./host-bridge";
import { viewForError } from "./view-state";

describe("each failure has its view and keeps its message", () => {
  it.each([
    [new AppError("INVALID_TOKEN", "Sign in again"), "expired"],
    [new AppError("ACCESS_REVOKED", "Consent ended"), "revoked"],
    [new AppError("APP_UNAVAILABLE", "Registration changed"), "unavailable-app"],
    [new AppError("INTERNAL_SERVER_ERROR", "The campus is unavailable; try again"), "campus-unavailable"],
    [new AppError("FORBIDDEN", "Missing scope"), "error"],
    [new HostBridgeError("host-error", "Declined", "CONSENT_DENIED"), "denied"],
    [new HostBridgeError("host-error", "Stale launch", "INVALID_LAUNCH"), "unavailable-app"],
    [new HostBridgeError("host-error", "Unpublished", "APP_UNAVAILABLE"), "unavailable-app"],
    [new HostBridgeError("not-embedded", "Open this app from the campus"), "not-embedded"],
    [new HostBridgeError("no-answer", "The campus did not answer"), "no-answer"],
    [new HostBridgeError("bad-reply", "Unreadable reply"), "error"],
  ])("%s → %s", (error, name) => {
    expect(viewForError(error)).toEqual({ name, message: error.message });
  });

  it("anything else is an error view, never a stack", () => {
    expect(viewForError(new TypeError("x is undefined"))).toEqual({ name: "error", message: "Something went wrong; try again" });
  });
});
