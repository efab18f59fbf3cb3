// The page's answers to the app frame's `ready` and `authenticate` (spec 5.3 and part 6). A request
// the app sends again with the same id (its retry while no reply came) gets the answer that id got:
// never a second launch, a second consent dialog or a second code (docs/assumptions.md). One that
// arrives while that answer is still being prepared (the member on the consent dialog) needs none
// of its own: the answer on its way replies to both.

/** The entry, with `settled` set once `answer` has settled. */
function settling(entry, answer) {
  entry.settled = false;
  answer.then(
    () => (entry.settled = true),
    () => (entry.settled = true),
  );
  return entry;
}

export function createFrameReplies({ envelope, consentDialog, callHost, tabId, hostErrorCode, launches }) {
  // The frame's `ready`: its id and the launch that answers it. A `ready` with another id comes
  // from a reloaded app document.
  let ready = null;
  // The newest `authenticate`: its id and its reply (null: none is sent, the launch changed meanwhile).
  let authenticate = null;

  function launchForReady(id) {
    if (ready?.id === id) return ready.launch;
    // The first ready after a mount gets the mount's launch; a reloaded document gets a new
    // launch, and the old one ends.
    const launch = ready ? launches.renew() : Promise.resolve(launches.current());
    const entry = settling({ id, launch }, launch);
    ready = entry;
    // A launch that could not be opened is asked for anew by the next ready, whatever its id.
    launch.catch(() => {
      if (ready === entry) ready = { id: null, launch, settled: true };
    });
    return launch;
  }

  async function answerReady(request) {
    try {
      return envelope.reply(request.id, { launchId: await launchForReady(request.id) });
    } catch (error) {
      return envelope.replyError(request.id, hostErrorCode(error), error.message);
    }
  }

  async function obtainCode(launchId, state) {
    const path = `/host/launches/${encodeURIComponent(launchId)}`;
    const need = await callHost("POST", `${path}/authorize`, { tabId });
    let consent = "remembered";
    if (need.consent === "required") {
      const decision = await consentDialog.ask(need);
      if (decision !== "approved") return { decision };
      consent = "approved";
    }
    const result = await callHost("POST", `${path}/codes`, { tabId, state, consent });
    // Spec part 9: the reply holds only code, expiresIn and the echoed state.
    return { decision: "approved", result: { code: result.code, expiresIn: result.expiresIn, state: result.state } };
  }

  async function replyToAuthenticate(request) {
    const { launchId, state } = request.params;
    if (launchId !== launches.current()) {
      return envelope.replyError(request.id, "INVALID_LAUNCH", "This is not the frame's current launch");
    }
    const stillCurrent = () => launches.current() === launchId;
    try {
      const outcome = await obtainCode(launchId, state);
      if (!stillCurrent() || outcome.decision === "cancelled") return null;
      if (outcome.decision === "denied") return envelope.replyError(request.id, "CONSENT_DENIED", "The member denied consent");
      return envelope.reply(request.id, outcome.result);
    } catch (error) {
      return stillCurrent() ? envelope.replyError(request.id, hostErrorCode(error), error.message) : null;
    }
  }

  function answerAuthenticate(request) {
    if (authenticate?.id !== request.id) {
      const reply = replyToAuthenticate(request);
      authenticate = settling({ id: request.id, reply }, reply);
    }
    return authenticate.reply;
  }

  return {
    /** The reply to a valid request, or null when none is sent. */
    answer: (request) => (request.method === "ready" ? answerReady(request) : answerAuthenticate(request)),
    /** Whether this is a re-send of a request whose answer is still being prepared. */
    isAnswering(request) {
      const entry = request.method === "ready" ? ready : authenticate;
      return entry?.id === request.id && !entry.settled;
    },
    /** No reply to this request, nor to its re-sends (the frame reloads instead). */
    withhold(request) {
      if (request.method === "authenticate") authenticate = { id: request.id, reply: Promise.resolve(null), settled: true };
    },
    /** A new frame element holds a new document: its first ready gets the mount's launch. */
    forgetFrame() {
      ready = null;
      authenticate = null;
    },
  };
}
