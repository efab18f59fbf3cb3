// The host side of the iframe envelope, mirroring lib/contract/iframe-protocol.ts for the browser
// (the page is plain JS). The protocol name and version are passed in from the server-rendered
// config, which takes them from the contract, so they cannot drift; envelope.test.ts checks the
// shapes against the contract's zod schemas.

const ID_MAX_LENGTH = 64;
const LAUNCH_ID_MAX_LENGTH = 128;
const STATE_MAX_LENGTH = 256;
const ENVELOPE_KEYS = ["protocol", "version", "id", "method", "params"];

function isPlainObject(value) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function hasExactKeys(value, keys) {
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((key) => Object.hasOwn(value, key));
}

function isBoundedString(value, maxLength) {
  return typeof value === "string" && value.length >= 1 && value.length <= maxLength;
}

export function createEnvelope({ protocol, version }) {
  /**
   * Classifies a message: "ignored" (not ours, or no readable id to answer), "invalid" (ours but
   * malformed: answer BAD_REQUEST with its id) or "request" (a valid ready or authenticate).
   */
  function parseRequest(data) {
    if (!isPlainObject(data) || data.protocol !== protocol || !isBoundedString(data.id, ID_MAX_LENGTH)) {
      return { kind: "ignored" };
    }
    const { id } = data;
    const invalid = (message) => ({ kind: "invalid", id, message });
    if (!hasExactKeys(data, ENVELOPE_KEYS)) return invalid("A request holds exactly protocol, version, id, method and params");
    if (data.version !== version) return invalid(`Unsupported protocol version; this campus speaks version ${version}`);
    const { method, params } = data;
    if (method === "ready") {
      if (!isPlainObject(params) || Object.keys(params).length > 0) return invalid("ready takes empty params");
      return { kind: "request", request: { protocol, version, id, method, params: {} } };
    }
    if (method === "authenticate") {
      const valid =
        isPlainObject(params) &&
        hasExactKeys(params, ["launchId", "state"]) &&
        isBoundedString(params.launchId, LAUNCH_ID_MAX_LENGTH) &&
        isBoundedString(params.state, STATE_MAX_LENGTH);
      if (!valid) return invalid("authenticate takes params { launchId, state }");
      return { kind: "request", request: { protocol, version, id, method, params: { launchId: params.launchId, state: params.state } } };
    }
    return invalid("Unknown method; use ready or authenticate");
  }

  return {
    parseRequest,
    reply: (id, result) => ({ protocol, version, id, result }),
    replyError: (id, code, message) => ({ protocol, version, id, error: { code, message } }),
  };
}
