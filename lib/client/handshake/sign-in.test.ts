import { beforeEach, describe, expect, it, vi } from "vitest";
import { HostBridgeError, type HostBridge } from "./host-bridge";
import { signInThroughCampus } from "./sign-in";
import { markName } from "@/lib/client/timing/timing-marks";

const appApi = vi.hoisted(() => ({
  requestState: vi.fn(async () => ({ state: "s" })),
  login: vi.fn(async () => ({ member: {}, expiresIn: 900 })),
}));
// The page's calls to the state and login routes, by route.
vi.mock("@/lib/client/fetch/fetch-route", async () => {
  const { authLoginRoute, authStateRoute } = await import("@/lib/wire/auth-routes");
  const byEndpoint = new Map<unknown, (launch: unknown, body: unknown) => Promise<unknown>>([
    [authStateRoute.POST, appApi.requestState],
    [authLoginRoute.POST, appApi.login],
  ]);
  return { fetchRoute: (endpoint: unknown, launch: unknown, request?: { body?: unknown }) => byEndpoint.get(endpoint)!(launch, request?.body) };
});

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

  it("a campus that answers ready only after the re-sends were spent: the run hears of it, waits on and signs in", async () => {
    const bridge = aReadyBridge();
    const answer = bridge.ready.bind(bridge);
    bridge.ready = async (options) => {
      options?.onNoAnswer?.(new HostBridgeError("no-answer", "The campus did not answer"));
      return answer();
    };
    const onNoAnswer = vi.fn();
    const session = await signInThroughCampus(bridge, null, { isCurrent: () => true, onLaunch: vi.fn(), onNoAnswer });
    expect(onNoAnswer).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ kind: "no-answer" }));
    expect(session.launch.launchId).toBe("launch-1");
  });
});

// The page fetches the signed-in views' chunk from onCode (campus-app.tsx): the frame builds them
// while the backend exchanges the code, so onCode comes once the login has left, and only then.
describe("onCode: the campus's code is in and the login has left", () => {
  it("is called once, after authenticate answered and with the login already sent", async () => {
    const bridge = aReadyBridge();
    const seen: string[] = [];
    appApi.login.mockImplementationOnce(async () => {
      seen.push("login sent");
      return { member: {}, expiresIn: 900 };
    });
    const onCode = vi.fn(() => void seen.push("onCode"));
    await signInThroughCampus(bridge, null, { ...aRun(), onCode });
    expect(onCode).toHaveBeenCalledOnce();
    expect(seen).toEqual(["login sent", "onCode"]);
    expect(bridge.authenticate).toHaveBeenCalledOnce();
  });

  it("is not called when the campus gives no code (a declined consent) or a code for another state", async () => {
    const declined = aReadyBridge();
    vi.mocked(declined.authenticate).mockRejectedValueOnce(new HostBridgeError("host-error", "Declined", "CONSENT_DENIED"));
    const onCode = vi.fn();
    await expect(signInThroughCampus(declined, null, { ...aRun(), onCode })).rejects.toMatchObject({ hostCode: "CONSENT_DENIED" });
    const otherState = aReadyBridge();
    vi.mocked(otherState.authenticate).mockResolvedValueOnce({ code: "c", expiresIn: 60, state: "not-ours" });
    await expect(signInThroughCampus(otherState, null, { ...aRun(), onCode })).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    expect(onCode).not.toHaveBeenCalled();
    expect(appApi.login).not.toHaveBeenCalled();
  });
});

/** A bridge whose first ready answers a launch the campus refuses; asked again, it answers `second`. */
function aBridgeWithStaleLaunch(second: string) {
  let campusOrigin: string | undefined;
  const ready = vi.fn(async (options?: { again?: boolean }) => {
    campusOrigin = "http://campus.localhost:4000";
    return { launchId: options?.again ? second : "stale", campusOrigin };
  });
  const authenticate = vi.fn(async ({ launchId }: { launchId: string; state: string }) => {
    if (launchId === "stale") throw new HostBridgeError("host-error", "This is not the frame's current launch", "INVALID_LAUNCH");
    return { code: "c", expiresIn: 60, state: "s" };
  });
  const bridge: HostBridge = {
    get campusOrigin() {
      return campusOrigin;
    },
    ready,
    authenticate,
    dispose: () => undefined,
  };
  return { bridge, ready, authenticate };
}

const aRun = () => ({ isCurrent: () => true, onLaunch: vi.fn() });

describe("a launch the campus refuses is asked for once more, then reported", () => {
  it("a stale launch from ready: ready again, and sign in with the frame's launch", async () => {
    const { bridge, ready } = aBridgeWithStaleLaunch("launch-1");
    const session = await signInThroughCampus(bridge, null, aRun());
    expect(session.launch.launchId).toBe("launch-1");
    expect(ready.mock.calls.map(([options]) => options?.again)).toEqual([false, true]);
    expect(appApi.requestState).toHaveBeenCalledTimes(2);
    expect(appApi.login).toHaveBeenCalledOnce();
    expect(appApi.login).toHaveBeenCalledWith({ launchId: "launch-1", sessionHandle: undefined }, { launchId: "launch-1", code: "c", state: "s" });
  });

  it("refused again: reports INVALID_LAUNCH, and logs in nowhere", async () => {
    const { bridge, ready } = aBridgeWithStaleLaunch("stale");
    await expect(signInThroughCampus(bridge, null, aRun())).rejects.toMatchObject({ kind: "host-error", hostCode: "INVALID_LAUNCH" });
    expect(ready).toHaveBeenCalledTimes(2);
    expect(appApi.login).not.toHaveBeenCalled();
  });

  it("other host errors are not asked again (a declined consent)", async () => {
    const bridge = aReadyBridge();
    vi.mocked(bridge.authenticate).mockRejectedValueOnce(new HostBridgeError("host-error", "Declined", "CONSENT_DENIED"));
    const ready = vi.spyOn(bridge, "ready");
    await expect(signInThroughCampus(bridge, null, aRun())).rejects.toMatchObject({ hostCode: "CONSENT_DENIED" });
    expect(ready).toHaveBeenCalledOnce();
  });

  it("a run made stale meanwhile does not ask again", async () => {
    const { bridge, ready } = aBridgeWithStaleLaunch("launch-1");
    let current = true;
    const run = { isCurrent: () => current, onLaunch: () => void (current = false) };
    await expect(signInThroughCampus(bridge, null, run)).rejects.toMatchObject({ hostCode: "INVALID_LAUNCH" });
    expect(ready).toHaveBeenCalledOnce();
  });
});

describe("timing marks of a sign-in run (lib/client/timing/timing-marks.ts)", () => {
  const backendMarks = () =>
    performance
      .getEntriesByType("mark")
      .map((mark) => mark.name)
      .filter((name) => name === markName("state answered") || name === markName("login answered"));

  it("marks the state's answer before authenticate is asked, and the login's answer after it", async () => {
    performance.clearMarks();
    const bridge = aReadyBridge();
    let marksWhenAuthenticating: string[] = [];
    vi.mocked(bridge.authenticate).mockImplementationOnce(async () => {
      marksWhenAuthenticating = backendMarks();
      return { code: "c", expiresIn: 60, state: "s" };
    });
    await signInThroughCampus(bridge, null, aRun());
    expect(marksWhenAuthenticating).toEqual([markName("state answered")]);
    expect(backendMarks()).toEqual([markName("state answered"), markName("login answered")]);
  });

  it("a login the backend refused marks no answer", async () => {
    performance.clearMarks();
    appApi.login.mockRejectedValueOnce(new Error("refused"));
    await expect(signInThroughCampus(aReadyBridge(), null, aRun())).rejects.toThrow("refused");
    expect(backendMarks()).toEqual([markName("state answered")]);
  });
});
