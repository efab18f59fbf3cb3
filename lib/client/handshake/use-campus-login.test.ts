import { describe, expect, it } from "vitest";
import { showSigningIn, type LoginView } from "./use-campus-login";

describe("showSigningIn", () => {
  it("replaces Connecting…", () => {
    expect(showSigningIn({ name: "connecting" })).toEqual({ name: "signing-in" });
  });

  it("keeps any view the run has shown since", () => {
    const views: LoginView[] = [
      { name: "signing-in" },
      { name: "no-answer", message: "The campus did not answer" },
      { name: "signed-out", message: "You signed out of this app" },
    ];
    for (const view of views) expect(showSigningIn(view)).toBe(view);
  });
});
