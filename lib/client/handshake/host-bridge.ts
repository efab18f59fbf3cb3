import type { z } from "zod";
// By its file, not the contract's index: the handshake builds only the schemas it uses (campus-app.tsx).
import {
  IFRAME_PROTOCOL,
  IFRAME_PROTOCOL_VERSION,
  authenticateResultSchema,
  hostReplySchema,
  readyResultSchema,
  type AuthenticateResult,
  type HostError,
  type HostRequest,
} from "@/lib/contract/iframe-protocol";
import { markStep } from "@/lib/client/timing/timing-marks";
import { AUTHENTICATE_SCHEDULE, READY_SCHEDULE, totalWaitMs, type ResendSchedule } from "./resend-schedule";

/*
 * The page's side of the iframe handshake (spec 5.3.1-5.3.4, envelope in lib/contract/iframe-protocol.ts).
 * Client code only: no server imports.
 */

/** How long `ready` waits for its answer, re-sent meanwhile (resend-schedule.ts). */
export const READY_TIMEOUT_MS = totalWaitMs(READY_SCHEDULE);
/** The member may take a while on the consent dialog; past the state's lifetime (5 min) a reply is useless. */
export const AUTHENTICATE_TIMEOUT_MS = totalWaitMs(AUTHENTICATE_SCHEDULE);

const READY_NO_ANSWER = `The app asked the campus page ${READY_SCHEDULE.length} times in ${READY_TIMEOUT_MS / 1000} seconds and got no answer.`;

export type HostBridgeFailure = "not-embedded" | "no-answer" | "host-error" | "bad-reply" | "closed";

export class HostBridgeError extends Error {
  readonly kind: HostBridgeFailure;
  readonly hostCode: HostError["code"] | undefined;

  constructor(kind: HostBridgeFailure, message: string, hostCode?: HostError["code"]) {
    super(message);
    this.name = "HostBridgeError";
    this.kind = kind;
    this.hostCode = hostCode;
  }
}

type MessageTarget = { postMessage(message: unknown, targetOrigin: string): void };

/** The parts of a message event the bridge reads. */
type IncomingMessage = { data: unknown; origin: string; source: unknown };

/** The parts of `window` the bridge uses. */
export type BridgeWindow = {
  readonly parent: MessageTarget;
  addEventListener(type: "message", listener: (event: IncomingMessage) => void): void;
  removeEventListener(type: "message", listener: (event: IncomingMessage) => void): void;
};

export type ReadyResult = { launchId: string; campusOrigin: string };

export type ReadyOptions = {
  /** Ask once more after an answer: the campus refused the launch it gave. */
  again?: boolean;
  /**
   * Called when the re-sends are spent without an answer. The request still listens: a campus
   * that answers late (a busy machine) signs the member in all the same, and another `ready`
   * meanwhile (Retry) posts it again at once.
   */
  onNoAnswer?: (error: HostBridgeError) => void;
};

export type HostBridge = {
  /** The origin that answered `ready` ({campus_origin}); every later message goes only there. */
  readonly campusOrigin: string | undefined;
  /**
   * Sends `ready` once per bridge: later calls share the first answer (or the pending request).
   * It never fails for want of an answer: it tells `onNoAnswer` and keeps listening, and a call
   * after that posts it again. Only a failed `ready` is sent anew, or, with `again`, one whose
   * launch the campus refused. Every `ready` of a bridge carries one id, so the campus never takes
   * it for a reload.
   */
  ready(options?: ReadyOptions): Promise<ReadyResult>;
  authenticate(params: { launchId: string; state: string }): Promise<AuthenticateResult>;
  dispose(): void;
};

type Pending = {
  accept: (result: Record<string, unknown>, origin: string) => void;
  reject: (error: HostBridgeError) => void;
  timer: ReturnType<typeof setTimeout> | undefined;
};

/**
 * How a request is sent: its id, when it is posted again, and what the member reads if no reply
 * comes. With `onNoAnswer`, a request whose re-sends are spent reports it and goes on listening;
 * without, it fails.
 */
type Delivery = { id: string; schedule: ResendSchedule; noAnswer: string; onNoAnswer?: (error: HostBridgeError) => void };

/** A request on its way; `resend` posts it again now, with its schedule from the start. */
type Sent<T> = { answer: Promise<T>; resend(): void };

/** The document's one `ready`: its answer, whether that has come, and who hears of no answer. */
type Handshake = Sent<ReadyResult> & { settled: boolean; unanswered: boolean; listeners: Set<(error: HostBridgeError) => void> };

export function createHostBridge(options: { hostOrigins: readonly string[]; window: BridgeWindow }): HostBridge {
  const { hostOrigins, window: win } = options;
  const pending = new Map<string, Pending>();
  let campusOrigin: string | undefined;
  // One id for every `ready` of this document: a re-sent one is the same request (docs/assumptions.md).
  const readyId = crypto.randomUUID();
  let handshake: Handshake | null = null;
  let disposed = false;

  // Spec 5.3.1: only the parent window, only from a trusted origin (once known, only that one).
  function onMessage(event: IncomingMessage) {
    if (event.source !== win.parent) return;
    if (campusOrigin ? event.origin !== campusOrigin : !hostOrigins.includes(event.origin)) return;
    const reply = hostReplySchema.safeParse(event.data);
    if (!reply.success) return;
    const request = pending.get(reply.data.id);
    if (!request) return;
    pending.delete(reply.data.id);
    clearTimeout(request.timer);
    if ("error" in reply.data) request.reject(new HostBridgeError("host-error", reply.data.error.message, reply.data.error.code));
    else request.accept(reply.data.result, event.origin);
  }
  win.addEventListener("message", onMessage);

  function send<T>(
    request: Omit<HostRequest, "protocol" | "version" | "id">,
    { id, schedule, noAnswer, onNoAnswer }: Delivery,
    readResult: (result: Record<string, unknown>, origin: string) => T,
  ): Sent<T> {
    let resend = (): void => undefined;
    const answer = new Promise<T>((resolve, reject) => {
      if (disposed) return reject(new HostBridgeError("closed", "The page was closed"));
      if (Object.is(win.parent, win)) return reject(new HostBridgeError("not-embedded", "Open this app from the campus"));
      const message = { protocol: IFRAME_PROTOCOL, version: IFRAME_PROTOCOL_VERSION, id, ...request };
      const entry: Pending = {
        accept: (result, origin) => {
          try {
            resolve(readResult(result, origin));
          } catch (error) {
            reject(error);
          }
        },
        reject,
        timer: undefined,
      };
      let posts = 0;
      const giveUp = () => {
        entry.timer = undefined;
        const error = new HostBridgeError("no-answer", noAnswer);
        if (onNoAnswer) return onNoAnswer(error);
        pending.delete(id);
        reject(error);
      };
      // The same message again while no reply came: the first reply to arrive counts, any later one
      // finds no pending request and is ignored.
      const post = () => {
        // Never "*". Until the campus is known, one message per trusted origin: the browser delivers
        // only the one whose target origin matches the parent, so only the real campus answers.
        for (const origin of campusOrigin ? [campusOrigin] : hostOrigins) win.parent.postMessage(message, origin);
        const wait = schedule[posts] ?? 0;
        posts += 1;
        entry.timer = setTimeout(posts < schedule.length ? post : giveUp, wait);
      };
      resend = () => {
        if (!pending.has(id)) return;
        clearTimeout(entry.timer);
        posts = 0;
        post();
      };
      pending.set(id, entry);
      post();
    });
    return { answer, resend: () => resend() };
  }

  return {
    get campusOrigin() {
      return campusOrigin;
    },

    // Spec 5.3.2: `ready` with empty params; keep the exact origin that answered. The campus takes
    // a `ready` with another id from the same frame as a reload and ends the launch (docs/assumptions.md).
    ready({ again = false, onNoAnswer } = {}) {
      if (again && handshake?.settled) handshake = null;
      if (!handshake) {
        const listeners = new Set<(error: HostBridgeError) => void>();
        const current: Handshake = {
          ...send(
            { method: "ready", params: {} },
            {
              id: readyId,
              schedule: READY_SCHEDULE,
              noAnswer: READY_NO_ANSWER,
              onNoAnswer: (error) => {
                current.unanswered = true;
                for (const listener of listeners) listener(error);
              },
            },
            (result, origin) => {
              const { launchId } = parseResult(readyResultSchema, result);
              campusOrigin = origin;
              markStep("launch received");
              return { launchId, campusOrigin: origin };
            },
          ),
          settled: false,
          unanswered: false,
          listeners,
        };
        // `send` posts at once; the mark follows the first post (re-sends are not new steps).
        markStep("ready sent");
        handshake = current;
        const settle = () => {
          current.settled = true;
          listeners.clear();
        };
        current.answer.then(settle, () => {
          settle();
          if (handshake === current) handshake = null;
        });
      } else if (handshake.unanswered) {
        // Asked again after the re-sends were spent (Retry): post it now, with its schedule anew.
        handshake.unanswered = false;
        handshake.resend();
      }
      if (onNoAnswer && !handshake.settled) handshake.listeners.add(onNoAnswer);
      return handshake.answer;
    },

    // Spec 5.3.4: version 2 `authenticate`; the reply holds only code, expiresIn and state.
    authenticate: (params) => {
      if (!campusOrigin) return Promise.reject(new HostBridgeError("closed", "Call ready before authenticate"));
      const delivery = { id: crypto.randomUUID(), schedule: AUTHENTICATE_SCHEDULE, noAnswer: "The campus page did not send the sign-in it was asked for." };
      return send({ method: "authenticate", params }, delivery, (result) => {
        const reply = parseResult(authenticateResultSchema, result);
        markStep("code received");
        return reply;
      }).answer;
    },

    dispose() {
      disposed = true;
      win.removeEventListener("message", onMessage);
      for (const request of pending.values()) {
        clearTimeout(request.timer);
        request.reject(new HostBridgeError("closed", "The page was closed"));
      }
      pending.clear();
    },
  };
}

/**
 * The bridge of this document, created on first use and kept for the document's life: one `ready`
 * per page load, whatever mounts and unmounts around it (React StrictMode runs effects twice in
 * development, and a second `ready` would end the launch the campus mounted, with its activity entry).
 */
const documentBridges = new Map<string, HostBridge>();

export function getDocumentHostBridge(hostOrigins: readonly string[], win: BridgeWindow = window): HostBridge {
  const key = hostOrigins.join(" ");
  let bridge = documentBridges.get(key);
  if (!bridge) {
    bridge = createHostBridge({ hostOrigins, window: win });
    documentBridges.set(key, bridge);
  }
  return bridge;
}

function parseResult<T extends z.ZodType>(schema: T, result: unknown): z.infer<T> {
  const parsed = schema.safeParse(result);
  if (!parsed.success) throw new HostBridgeError("bad-reply", "The campus sent a reply this app does not understand");
  return parsed.data;
}
