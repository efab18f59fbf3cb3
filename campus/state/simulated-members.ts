import { deriveStableId } from "../core/ids";
import type { CampusMember } from "./members";

/** policy.ts: simulated members are `sim_01`, `sim_02`, …; their userId is derived like the seeds'. */
export function getSimulatedUsername(index: number): string {
  return `sim_${String(index).padStart(2, "0")}`;
}

export type SimulatedMemberStore = ReturnType<typeof createSimulatedMemberStore>;

/** Generated members without a browser, which the simulator adds to calls. */
export function createSimulatedMemberStore() {
  const members: CampusMember[] = [];
  return {
    addMember(): CampusMember {
      const username = getSimulatedUsername(members.length + 1);
      const member: CampusMember = {
        userId: deriveStableId("usr", username),
        username,
        name: `Simulated member ${members.length + 1}`,
        countryCode: null,
        birthdate: null,
        avatarUrl: null,
      };
      members.push(member);
      return member;
    },
    findByUserId: (userId: string) => members.find((member) => member.userId === userId),
    listMembers: (): readonly CampusMember[] => members,
  };
}
