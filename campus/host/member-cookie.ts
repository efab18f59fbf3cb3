import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { MEMBER_COOKIE } from "../core/policy";
import type { CampusState } from "../state/campus-state";
import type { CampusMember } from "../state/members";

/**
 * The campus member of a browser: a first-party cookie on the campus origin (the campus is a
 * top-level site, so Lax is right here, unlike the app's cookie inside the iframe).
 * policy.ts: a missing or unknown cookie means the first seeded member.
 */
export function resolveMember(c: Context, state: CampusState): CampusMember {
  const username = getCookie(c, MEMBER_COOKIE);
  return (username && state.members.findByUsername(username)) || state.members.getDefaultMember();
}

export function setMemberCookie(c: Context, member: CampusMember): void {
  setCookie(c, MEMBER_COOKIE, member.username, { path: "/", httpOnly: true, sameSite: "Lax" });
}
