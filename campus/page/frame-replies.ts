// The page's answers to the app frame's `ready` and `authenticate` (spec 5.3 and part 6). A request
// the app sends again with the same id (its retry while no reply came) gets the answer that id got:
// never a second launch, a second consent dialog or a second code (docs/assumptions.md). One that
// arrives while that answer is still being prepared (the member on the consent dialog) needs none
// of its own: the answer on its way replies to both.

import type { AuthenticateResult, HostError, HostReply, HostRequest } from "../../lib/contract/iframe-protocol";
import type { ConsentNeed } from "../login/launch-login";
import type { ConsentDecision } from "./consent-dialog";
import { reply, replyError } from "./envelope";
import type { CallHost } from "./host-api";

type ReadyRequest = Extract<HostRequest, { method: "ready" }>;
type AuthenticateRequest = Extract<HostRequest, { method: "authenticate" }>;
/** A request's id (null: none may reuse it) and what answers it; `settled` once that has settled. */
type Answering<Answer> = { id: string | null; settled: boolean } & Answer;

export type FrameRepliesDependencies = {
  consentDialog: { ask(need: ConsentNeed): Promise<ConsentDecision> };
  callHost: CallHost;
  tabId: string;
  hostErrorCode(error: unknown): HostError["code"];
  launches: { current(): string | null; renew(): Promise<string> };
};

/** The entry, with `settled` set once `answer` has settled. */
function settling<Entry extends { id: string | null }>(entry: Entry, answer: Promise<unknown>): Entry & { settled: boolean } {
  const answering = { ...entry, settled: false };
  answer.then(
    () => (answering.settled = true),
    () => (answering.settled = true),
  );
  return answering;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createFrameReplies({ consentDialog, callHost, tabId, hostErrorCode, launches }: FrameRepliesDependencies) {
  // The frame's `ready`: its id and the launch that answers it. A `ready` with another id comes
  // from a reloaded app document.
  let ready: Answering<{ launch: Promise<string> }> | null = null;
  // The newest `authenticate`: its id and its reply (null: none is sent, the launch changed meanwhile).
  let authenticate: Answering<{ reply: Promise<HostReply | null> }> | null = null;

  /** The launch the page opened before it pointed the frame at the app. */
  function mountedLaunch(): Promise<string> {
    const launchId = launches.current();
    return launchId === null ? Promise.reject(new Error("The frame has no launch yet")) : Promise.resolve(launchId);
  }

  function launchForReady(id: string): Promise<string> {
    if (ready?.id === id) return ready.launch;
    // The first ready after a mount gets the mount's launch; a reloaded document gets a new
    // launch, and the old one ends.
    const launch = ready ? launches.renew() : mountedLaunch();
    const entry = settling({ id, launch }, launch);
    ready = entry;
    // A launch that could not be opened is asked for anew by the next ready, whatever its id.
    launch.catch(() => {
      if (ready === entry) ready = { id: null, launch, settled: true };
    });
    return launch;
  }

  async function answerReady(request: ReadyRequest): Promise<HostReply> {
    try {
      return reply(request.id, { launchId: await launchForReady(request.id) });
    } catch (error) {
      return replyError(request.id, hostErrorCode(error), messageOf(error));
    }
  }

  async function obtainCode(launchId: string, state: string): Promise<{ decision: "denied" } | { decision: "cancelled" } | { decision: "approved"; result: AuthenticateResult }> {
    const path = `/host/launches/${encodeURIComponent(launchId)}`;
    const need = await callHost<ConsentNeed>("POST", `${path}/authorize`, { tabId });
    let consent: "approved" | "remembered" = "remembered";
    if (need.consent === "required") {
      const decision = await consentDialog.ask(need);
      if (decision !== "approved") return { decision };
      consent = "approved";
    }
    const result = await callHost<AuthenticateResult>("POST", `${path}/codes`, { tabId, state, consent });
    // Spec part 9: the reply holds only code, expiresIn and the echoed state.
    return { decision: "approved", result: { code: result.code, expiresIn: result.expiresIn, state: result.state } };
  }

  async function replyToAuthenticate(request: AuthenticateRequest): Promise<HostReply | null> {
    const { launchId, state } = request.params;
    if (launchId !== launches.current()) {
      return replyError(request.id, "INVALID_LAUNCH", "This is not the frame's current launch");
    }
    const stillCurrent = () => launches.current() === launchId;
    try {
      const outcome = await obtainCode(launchId, state);
      if (!stillCurrent() || outcome.decision === "cancelled") return null;
      if (outcome.decision === "denied") return replyError(request.id, "CONSENT_DENIED", "The member denied consent");
      return reply(request.id, outcome.result);
    } catch (error) {
      return stillCurrent() ? replyError(request.id, hostErrorCode(error), messageOf(error)) : null;
    }
  }

  function answerAuthenticate(request: AuthenticateRequest): Promise<HostReply | null> {
    if (authenticate?.id !== request.id) {
      const answer = replyToAuthenticate(request);
      authenticate = settling({ id: request.id, reply: answer }, answer);
    }
    return authenticate.reply;
  }

  return {
    /** The reply to a valid request, or null when none is sent. */
    answer: (request: HostRequest): Promise<HostReply | null> => (request.method === "ready" ? answerReady(request) : answerAuthenticate(request)),
    /** Whether this is a re-send of a request whose answer is still being prepared. */
    isAnswering(request: HostRequest): boolean {
      const entry = request.method === "ready" ? ready : authenticate;
      return entry?.id === request.id && !entry.settled;
    },
    /** No reply to this request, nor to its re-sends (the frame reloads instead). */
    withhold(request: HostRequest): void {
      if (request.method === "authenticate") authenticate = { id: request.id, reply: Promise.resolve(null), settled: true };
    },
    /** A new frame element holds a new document: its first ready gets the mount's launch. */
    forgetFrame(): void {
      ready = null;
      authenticate = null;
    },
  };
}

export type FrameReplies = ReturnType<typeof createFrameReplies>;
