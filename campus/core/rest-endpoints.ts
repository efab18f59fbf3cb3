/**
 * The name of each REST route. Fault injection and the request log key on these names.
 * Call routes (spec 4): status, attach, start, accept, grant (the grant read), command (a grant
 * command of any kind), commandRead, and the presentation routes prepare, tile, commit, heartbeat
 * and release, and the activity routes activityRegister, activityRead and activityEntry.
 */
export const REST_ENDPOINTS = [
  "token",
  "userinfo",
  "status",
  "attach",
  "start",
  "accept",
  "grant",
  "command",
  "commandRead",
  "prepare",
  "tile",
  "commit",
  "heartbeat",
  "release",
  "activityRegister",
  "activityRead",
  "activityEntry",
] as const;
export type RestEndpoint = (typeof REST_ENDPOINTS)[number];
