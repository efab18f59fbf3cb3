import { afterEach, describe, expect, it, vi } from "vitest";
import { IFRAME_PROTOCOL, IFRAME_PROTOCOL_VERSION } from "@/lib/contract";
import { AUTHENTICATE_TIMEOUT_MS, READY_TIMEOUT_MS, createHostBridge, getDocumentHostBridge, type BridgeWindow } from "./host-bridge";
import { AUTHENTICATE_SCHEDULE, READY_SCHEDULE } from "./resend-schedule";
import { markName } from "@/lib/client/timing/timing-marks";

const CAMPUS = "http://campus.localhost:4000";
const OTHER_TRUSTED = "https://campus.example";

type Posted = { message: { id: string; method: string; params: unknown }; targetOrigin: string };
type Listener = Parameters<BridgeWindow["addEventListener"]>[1];

/** An app frame inside a campus page: what it posts, and a way to deliver messages to it. */
function aFrame() {
  const posted: Posted[] = [];
  const listeners = new Set<Listener>();
  const parent = { postMessage: (message: Posted["message"], targetOrigin: string) => void posted.push({ message, targetOrigin }) };
  const frame: BridgeWindow = {
    parent,
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
  };
  const deliver = (data: unknown, origin = CAMPUS, source: unknown = parent) => {
    for (const listener of listeners) listener({ data, origin, source });
  };
  const reply = (id: string | undefined, body: Record<string, unknown>, origin = CAMPUS, source: unknown = parent) =>
    deliver({ protocol: IFRAME_PROTOCOL, version: IFRAME_PROTOCOL_VERSION, id, ...body }, origin, source);
  const bridge = createHostBridge({ hostOrigins: [OTHER_TRUSTED, CAMPUS], window: frame });
  return { bridge, posted, listeners, deliver, reply, parent };
}

afterEach(() => void vi.useRealTimers());

describe("spec 5.3.1-5.3.2: ready", () => {
  it("posts to each trusted origin, never '*', and keeps the origin that answered", async () => {
    const frame = aFrame();
    const ready = frame.bridge.ready();
    expect(frame.posted.map((p) => p.targetOrigin)).toEqual([OTHER_TRUSTED, CAMPUS]);
    expect(frame.posted[0]?.message).toMatchObject({ protocol: IFRAME_PROTOCOL, version: 2, method: "ready", params: {} });
    frame.reply(frame.posted[0]?.message.id, { result: { launchId: "launch-1" } });
    await expect(ready).resolves.toEqual({ launchId: "launch-1", campusOrigin: CAMPUS });
    expect(frame.bridge.campusOrigin).toBe(CAMPUS);
  });

  it("ignores replies from another source, an untrusted origin, a wrong id or a bad envelope", async () => {
    vi.useFakeTimers();
    const frame = aFrame();
    const ready = frame.bridge.ready();
    const id = frame.posted[0]?.message.id;
    frame.reply(id, { result: { launchId: "from-a-sibling" } }, CAMPUS, {});
    frame.reply(id, { result: { launchId: "from-evil" } }, "https://evil.example");
    frame.reply("another-id", { result: { launchId: "unmatched" } });
    frame.deliver({ id, result: { launchId: "no-envelope" } });
    frame.deliver("a string");
    frame.reply(id, { result: { launchId: "good" } });
    await expect(ready).resolves.toMatchObject({ launchId: "good" });
  });

  it("says when the campus did not answer, and still takes its late answer", async () => {
    vi.useFakeTimers();
    const frame = aFrame();
    const onNoAnswer = vi.fn();
    const ready = frame.bridge.ready({ onNoAnswer });
    await vi.advanceTimersByTimeAsync(READY_TIMEOUT_MS - 1);
    expect(onNoAnswer).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onNoAnswer).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ kind: "no-answer" }));
    frame.reply(frame.posted[0]?.message.id, { result: { launchId: "launch-late" } });
    await expect(ready).resolves.toEqual({ launchId: "launch-late", campusOrigin: CAMPUS });
  });

  it("outside a frame, says so", async () => {
    const top: BridgeWindow & { postMessage(): void } = {
      postMessage: () => undefined,
      get parent() {
        return top;
      },
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
    await expect(createHostBridge({ hostOrigins: [CAMPUS], window: top }).ready()).rejects.toMatchObject({ kind: "not-embedded" });
  });
});

describe("an unanswered ready is re-sent with its id, a bounded number of times (resend-schedule.ts)", () => {
  const readyIds = (frame: ReturnType<typeof aFrame>) =>
    frame.posted.filter((p) => p.message.method === "ready" && p.targetOrigin === CAMPUS).map((p) => p.message.id);

  it("posts ready again at 2 s and 6 s, with the same id, to each trusted origin", async () => {
    vi.useFakeTimers();
    const frame = aFrame();
    const ready = frame.bridge.ready();
    ready.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(READY_SCHEDULE[0]! - 1);
    expect(readyIds(frame)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(readyIds(frame)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(READY_SCHEDULE[1]!);
    expect(readyIds(frame)).toHaveLength(3);
    expect(new Set(readyIds(frame)).size).toBe(1);
    expect(frame.posted.map((p) => p.targetOrigin)).toEqual(Array(3).fill([OTHER_TRUSTED, CAMPUS]).flat());
  });

  it("signs in with the answer to a re-sent ready, and posts nothing more", async () => {
    vi.useFakeTimers();
    const frame = aFrame();
    const ready = frame.bridge.ready();
    await vi.advanceTimersByTimeAsync(READY_SCHEDULE[0]!);
    frame.reply(readyIds(frame)[1], { result: { launchId: "launch-1" } });
    await expect(ready).resolves.toEqual({ launchId: "launch-1", campusOrigin: CAMPUS });
    await vi.advanceTimersByTimeAsync(READY_TIMEOUT_MS);
    expect(readyIds(frame)).toHaveLength(2);
  });

  it("after the bounded tries, says the campus did not answer and how often it was asked, then posts no more", async () => {
    vi.useFakeTimers();
    const frame = aFrame();
    const onNoAnswer = vi.fn();
    void frame.bridge.ready({ onNoAnswer });
    await vi.advanceTimersByTimeAsync(READY_TIMEOUT_MS);
    expect(onNoAnswer).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({
        kind: "no-answer",
        message: `The app asked the campus page ${READY_SCHEDULE.length} times in ${READY_TIMEOUT_MS / 1000} seconds and got no answer.`,
      }),
    );
    expect(readyIds(frame)).toHaveLength(READY_SCHEDULE.length);
    await vi.advanceTimersByTimeAsync(READY_TIMEOUT_MS);
    expect(readyIds(frame)).toHaveLength(READY_SCHEDULE.length);
    expect(onNoAnswer).toHaveBeenCalledOnce();
  });

  it("a retry after giving up asks again at once with the same id and its schedule anew: the campus answers it with the frame's launch, not a new one", async () => {
    vi.useFakeTimers();
    const frame = aFrame();
    const first = frame.bridge.ready({ onNoAnswer: () => undefined });
    await vi.advanceTimersByTimeAsync(READY_TIMEOUT_MS);
    const onNoAnswer = vi.fn();
    const retry = frame.bridge.ready({ onNoAnswer });
    expect(retry).toBe(first);
    expect(new Set(readyIds(frame)).size).toBe(1);
    expect(readyIds(frame)).toHaveLength(READY_SCHEDULE.length + 1);
    await vi.advanceTimersByTimeAsync(READY_SCHEDULE[0]!);
    expect(readyIds(frame)).toHaveLength(READY_SCHEDULE.length + 2);
    await vi.advanceTimersByTimeAsync(READY_TIMEOUT_MS);
    expect(onNoAnswer).toHaveBeenCalledOnce();
    frame.reply(readyIds(frame)[0], { result: { launchId: "launch-1" } });
    await expect(retry).resolves.toMatchObject({ launchId: "launch-1" });
  });

  it("a call while the re-sends are still running posts nothing more", async () => {
    vi.useFakeTimers();
    const frame = aFrame();
    void frame.bridge.ready();
    await vi.advanceTimersByTimeAsync(READY_SCHEDULE[0]!);
    void frame.bridge.ready();
    expect(readyIds(frame)).toHaveLength(2);
  });

  it("a reply that arrives twice is handled once; the second is ignored", async () => {
    vi.useFakeTimers();
    const frame = aFrame();
    const ready = frame.bridge.ready();
    const [id] = readyIds(frame);
    frame.reply(id, { result: { launchId: "launch-1" } });
    frame.reply(id, { result: { launchId: "launch-2" } });
    await expect(ready).resolves.toMatchObject({ launchId: "launch-1" });
    await expect(frame.bridge.ready()).resolves.toMatchObject({ launchId: "launch-1" });
  });

  it("with `again`, asks once more with the same id after an answer (a launch the campus refused)", async () => {
    const frame = aFrame();
    const first = frame.bridge.ready();
    frame.reply(readyIds(frame)[0], { result: { launchId: "stale" } });
    await expect(first).resolves.toMatchObject({ launchId: "stale" });
    const again = frame.bridge.ready({ again: true });
    // Once the campus is known, only to it.
    expect(frame.posted.at(-1)).toMatchObject({ targetOrigin: CAMPUS, message: { method: "ready", id: readyIds(frame)[0] } });
    expect(frame.bridge.ready({ again: true })).toBe(again);
    frame.reply(readyIds(frame)[0], { result: { launchId: "current" } });
    await expect(again).resolves.toMatchObject({ launchId: "current" });
    await expect(frame.bridge.ready()).resolves.toMatchObject({ launchId: "current" });
  });

  it("a disposed bridge posts nothing more", async () => {
    vi.useFakeTimers();
    const frame = aFrame();
    const ready = frame.bridge.ready();
    frame.bridge.dispose();
    await expect(ready).rejects.toMatchObject({ kind: "closed" });
    await vi.advanceTimersByTimeAsync(READY_TIMEOUT_MS);
    expect(readyIds(frame)).toHaveLength(1);
  });
});

describe("one ready per document: a second ready would end the launch (docs/assumptions.md)", () => {
  it("shares the first ready's answer with every later call, without a second message", async () => {
    const frame = aFrame();
    const first = frame.bridge.ready();
    const second = frame.bridge.ready();
    const readies = frame.posted.filter((p) => p.message.method === "ready");
    expect(readies).toHaveLength(2); // one per trusted origin, both with one id
    expect(new Set(readies.map((p) => p.message.id)).size).toBe(1);
    frame.reply(readies[0]?.message.id, { result: { launchId: "launch-1" } });
    await expect(first).resolves.toMatchObject({ launchId: "launch-1" });
    await expect(second).resolves.toMatchObject({ launchId: "launch-1" });
    await expect(frame.bridge.ready()).resolves.toMatchObject({ launchId: "launch-1" });
    expect(frame.posted).toHaveLength(2);
  });

  it("sends ready anew only after one that failed", async () => {
    const frame = aFrame();
    const failed = frame.bridge.ready();
    frame.reply(frame.posted[0]?.message.id, { result: { launch: "not the contract's shape" } });
    await expect(failed).rejects.toMatchObject({ kind: "bad-reply" });
    frame.posted.length = 0;
    const retry = frame.bridge.ready();
    expect(retry).not.toBe(failed);
    expect(frame.posted).toHaveLength(2);
    frame.reply(frame.posted[0]?.message.id, { result: { launchId: "launch-2" } });
    await expect(retry).resolves.toMatchObject({ launchId: "launch-2" });
  });

  it("keeps one bridge per document for the same host origins, whatever mounts and unmounts", () => {
    const frame = aFrame();
    const win: BridgeWindow = { parent: frame.parent, addEventListener: () => undefined, removeEventListener: () => undefined };
    const first = getDocumentHostBridge([CAMPUS], win);
    expect(getDocumentHostBridge([CAMPUS], win)).toBe(first);
    expect(getDocumentHostBridge([OTHER_TRUSTED, CAMPUS], win)).not.toBe(first);
  });
});

describe("spec 5.3.4: authenticate", () => {
  async function readyFrame() {
    const frame = aFrame();
    const ready = frame.bridge.ready();
    frame.reply(frame.posted[0]?.message.id, { result: { launchId: "launch-1" } });
    await ready;
    frame.posted.length = 0;
    return frame;
  }

  it("goes only to the campus origin, as version 2 with launchId and state", async () => {
    const frame = await readyFrame();
    const authenticate = frame.bridge.authenticate({ launchId: "launch-1", state: "s" });
    expect(frame.posted).toHaveLength(1);
    expect(frame.posted[0]).toMatchObject({ targetOrigin: CAMPUS, message: { method: "authenticate", params: { launchId: "launch-1", state: "s" } } });
    frame.reply(frame.posted[0]?.message.id, { result: { code: "c", expiresIn: 60, state: "s" } });
    await expect(authenticate).resolves.toEqual({ code: "c", expiresIn: 60, state: "s" });
  });

  it("after ready, ignores the other trusted origins", async () => {
    vi.useFakeTimers();
    const frame = await readyFrame();
    const authenticate = frame.bridge.authenticate({ launchId: "launch-1", state: "s" });
    const id = frame.posted[0]?.message.id;
    frame.reply(id, { result: { code: "evil", expiresIn: 60, state: "s" } }, OTHER_TRUSTED);
    frame.reply(id, { result: { code: "good", expiresIn: 60, state: "s" } });
    await expect(authenticate).resolves.toMatchObject({ code: "good" });
  });

  it("carries the host's error code (a declined consent)", async () => {
    const frame = await readyFrame();
    const authenticate = frame.bridge.authenticate({ launchId: "launch-1", state: "s" });
    frame.reply(frame.posted[0]?.message.id, { error: { code: "CONSENT_DENIED", message: "The member declined" } });
    await expect(authenticate).rejects.toMatchObject({ kind: "host-error", hostCode: "CONSENT_DENIED", message: "The member declined" });
  });

  it("rejects a reply with fields beyond code, expiresIn and state (spec part 9)", async () => {
    const frame = await readyFrame();
    const authenticate = frame.bridge.authenticate({ launchId: "launch-1", state: "s" });
    frame.reply(frame.posted[0]?.message.id, { result: { code: "c", expiresIn: 60, state: "s", userId: "u" } });
    await expect(authenticate).rejects.toMatchObject({ kind: "bad-reply" });
  });

  it("re-sends with its id while no reply came, and gives up at the state's lifetime", async () => {
    vi.useFakeTimers();
    const frame = await readyFrame();
    const settled = expect(frame.bridge.authenticate({ launchId: "launch-1", state: "s" })).rejects.toMatchObject({ kind: "no-answer" });
    await vi.advanceTimersByTimeAsync(AUTHENTICATE_SCHEDULE[0]!);
    expect(frame.posted).toHaveLength(2);
    expect(frame.posted[1]?.message).toEqual(frame.posted[0]?.message);
    await vi.advanceTimersByTimeAsync(AUTHENTICATE_TIMEOUT_MS);
    await settled;
    expect(frame.posted).toHaveLength(AUTHENTICATE_SCHEDULE.length);
    expect(AUTHENTICATE_TIMEOUT_MS).toBe(5 * 60_000);
  });

  it("a reply sent twice gives one code: the second finds no request", async () => {
    const frame = await readyFrame();
    const authenticate = frame.bridge.authenticate({ launchId: "launch-1", state: "s" });
    const id = frame.posted[0]?.message.id;
    frame.reply(id, { result: { code: "first", expiresIn: 60, state: "s" } });
    frame.reply(id, { result: { code: "second", expiresIn: 60, state: "s" } });
    await expect(authenticate).resolves.toMatchObject({ code: "first" });
  });

  it("stops listening when disposed", async () => {
    const frame = await readyFrame();
    const authenticate = frame.bridge.authenticate({ launchId: "launch-1", state: "s" });
    frame.bridge.dispose();
    await expect(authenticate).rejects.toMatchObject({ kind: "closed" });
    expect(frame.listeners.size).toBe(0);
  });
});

describe("timing marks of the handshake (lib/client/timing/timing-marks.ts)", () => {
  const handshakeMarks = () =>
    performance
      .getEntriesByType("mark")
      .map((mark) => mark.name)
      .filter((name) => [markName("ready sent"), markName("launch received"), markName("code received")].includes(name));
  afterEach(() => performance.clearMarks());

  it("marks ready when it is posted, the launch when its answer is taken and the code when authenticate's reply is, once each", async () => {
    performance.clearMarks();
    const frame = aFrame();
    const ready = frame.bridge.ready();
    void frame.bridge.ready(); // a second mount shares the first ready: no second step
    expect(handshakeMarks()).toEqual([markName("ready sent")]);
    frame.reply(frame.posted[0]?.message.id, { result: { launchId: "launch-1" } });
    await ready;
    const code = frame.bridge.authenticate({ launchId: "launch-1", state: "s" });
    expect(handshakeMarks()).toEqual([markName("ready sent"), markName("launch received")]);
    frame.reply(frame.posted.at(-1)?.message.id, { result: { code: "c", expiresIn: 60, state: "s" } });
    await code;
    expect(handshakeMarks()).toEqual([markName("ready sent"), markName("launch received"), markName("code received")]);
  });

  it("marks no answer that was refused or not understood", async () => {
    performance.clearMarks();
    const frame = aFrame();
    const ready = frame.bridge.ready();
    frame.reply(frame.posted[0]?.message.id, { result: { notALaunch: true } });
    await expect(ready).rejects.toMatchObject({ kind: "bad-reply" });
    expect(handshakeMarks()).toEqual([markName("ready sent")]);
  });
});
