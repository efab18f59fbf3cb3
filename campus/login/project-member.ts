import type { Member, Scope } from "../../lib/contract";
import type { CampusMember } from "../state/members";

/**
 * Spec part 2, Member: userId and scopes always; username, name and countryCode only with
 * profile:read; birthdate only with birthdate:read. Unapproved fields are omitted, not nulled.
 */
export function projectMember(member: CampusMember, scopes: readonly Scope[]): Member {
  const projected: Member = { userId: member.userId, scopes: [...scopes] };
  if (scopes.includes("profile:read")) {
    projected.username = member.username;
    projected.name = member.name;
    projected.countryCode = member.countryCode;
  }
  if (scopes.includes("birthdate:read")) projected.birthdate = member.birthdate;
  return projected;
}
