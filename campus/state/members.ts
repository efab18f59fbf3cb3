import { deriveStableId } from "../core/ids";

/** A campus member as the campus stores it. Userinfo projects it per scope (spec part 2, Member). */
export type CampusMember = {
  userId: string;
  username: string;
  name: string | null;
  countryCode: string | null;
  birthdate: string | null;
  /** For the call roster (spec part 2, CallParticipant); null for members without a picture. */
  avatarUrl: string | null;
};

type MemberSeed = Omit<CampusMember, "userId" | "avatarUrl"> & { hasAvatar: boolean };

// The first seed is the default member of a browser without a campus_member cookie.
const MEMBER_SEEDS: readonly MemberSeed[] = [
  { username: "ada", name: "Ada Lovelace", countryCode: "GB", birthdate: "1815-12-10", hasAvatar: true },
  { username: "grace", name: "Grace Hopper", countryCode: "US", birthdate: "1906-12-09", hasAvatar: true },
  { username: "linus", name: "Linus Torvalds", countryCode: "FI", birthdate: "1969-12-28", hasAvatar: false },
  // Spec part 2: name, country and birthdate can be null; every member has a username.
  { username: "nobody_yet", name: null, countryCode: null, birthdate: null, hasAvatar: false },
];

export const SEEDED_USERNAMES = MEMBER_SEEDS.map((seed) => seed.username);

/** The stable userId of a seeded member, so tests can name members without reading state. */
export function getSeededUserId(username: string): string {
  return deriveStableId("usr", username);
}

export function getAvatarPath(username: string): string {
  return `/avatars/${username}.svg`;
}

function seedMembers(campusOrigin: string): CampusMember[] {
  return MEMBER_SEEDS.map(({ hasAvatar, ...seed }) => ({
    ...seed,
    userId: getSeededUserId(seed.username),
    avatarUrl: hasAvatar ? new URL(getAvatarPath(seed.username), campusOrigin).href : null,
  }));
}

export type MemberStore = ReturnType<typeof createMemberStore>;

/** What the control API needs to add a real member (policy.ts: for demos and load runs). */
export type NewMember = { username: string; name: string | null };

/** The seeds, plus members the control API adds; indexed, because a load run adds thousands. */
export function createMemberStore(campusOrigin: string) {
  const members = seedMembers(campusOrigin);
  const byUsername = new Map(members.map((member) => [member.username, member]));
  const byUserId = new Map(members.map((member) => [member.userId, member]));
  return {
    listMembers: (): readonly CampusMember[] => members,
    findByUsername: (username: string) => byUsername.get(username),
    findByUserId: (userId: string) => byUserId.get(userId),
    getDefaultMember: (): CampusMember => members[0]!,
    /** A member like the seeds (userId derived from the username), without a picture. The caller checks the name is free. */
    addMember(input: NewMember): CampusMember {
      const member: CampusMember = { ...input, userId: getSeededUserId(input.username), countryCode: null, birthdate: null, avatarUrl: null };
      members.push(member);
      byUsername.set(member.username, member);
      byUserId.set(member.userId, member);
      return member;
    },
  };
}
