import { beforeEach, describe, expect, it, vi } from "vitest";
import type { HostBridge } from "./host-bridge";
import { signInThroughCampus } from "./sign-in";

const appApi = vi.hoisted(() => ({
  requestState: vi.fn(async () => ({ state: "s" })),
  login: vi.fn(async () => ({ member: {}, expiresIn: 900 })),
}));
vi.mock("@/lib/client/fetch/app-api", () => ({ appApi }));

/** A bridge whose ready answers one launch, as the campus does for a document. */
function aReadyBridge(): HostBridge {
  let campusOrigin: string | undefined;
  return {
    get campusOrigin() {
      return campusOrigin;
    },
    ready: async () => {
      campusOrigin = "http://campus.localhost:4000";
      return { launchId: "launch-1", campusOrigin };
    },
    authenticate: vi.fn(async () => ({ code: "c", expiresIn: 60, state: "s" })),
    dispose: () => undefined,
  };
}

beforeEach(() => vi.clearAllMocks());

describe("spec 5.3: a sign-in run", () => {
  it("goes ready → state → authenticate → login", async () => {
    const bridge = aReadyBridge();
    const onLaunch = vi.fn();
    const session = await signInThroughCampus(bridge, null, { isCurrent: () => true, onLaunch });
    expect(session.launch.launchId).toBe("launch-1");
    expect(onLaunch).toHaveBeenCalledOnce();
    expect(bridge.authenticate).toHaveBeenCalledWith({ launchId: "launch-1", state: "s" });
    expect(appApi.login).toHaveBeenCalledOnce();
  });

  it("a run made stale while ready was pending (StrictMode's first mount) asks for no state and no code", async () => {
    const bridge = aReadyBridge();
    const onLaunch = vi.fn();
    await expect(signInThroughCampus(bridge, null, { isCurrent: () => false, onLaunch })).rejects.toMatchObject({ kind: "closed" });
    expect(onLaunch).not.toHaveBeenCalled();
    expect(appApi.requestState).not.toHaveBeenCalled();
    expect(bridge.authenticate).not.toHaveBeenCalled();
  });
});
