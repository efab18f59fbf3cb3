import { z } from "zod";
import { activityDefinitionFields } from "./activity-definition";

/*
 * The shared poll: the app's own activity, kept under a server-generated session key. Votes are
 * keyed by the verified userId only (spec 4.13: join with the entry's `userId`), one per member;
 * voting again changes the vote. The owner (the member who started it) may close it: a closed
 * poll keeps its votes and takes no more. Pure, no server imports.
 */

/** This app's limits for a poll (the spec fixes only the activity label: 1 to 80 chars). */
export const POLL_LIMITS = { questionMaxLength: 200, optionMaxLength: 80, minOptions: 2, maxOptions: 6 } as const;

/** What the inviter set up; fixed for the poll's life. A shared store checks what it reads back against it. */
export const pollDefinitionSchema = z.object({
  kind: z.literal("poll"),
  ...activityDefinitionFields,
  question: z.string(),
  options: z.array(z.string()),
});
export type PollDefinition = z.infer<typeof pollDefinitionSchema>;

/** The poll with its votes (userId → option index) and whether its owner closed it. `version` grows with every change. */
export type PollState = PollDefinition & { votes: Record<string, number>; closed: boolean; version: number };

export function isOption(poll: PollDefinition, option: number): boolean {
  return Number.isInteger(option) && option >= 0 && option < poll.options.length;
}

/** Votes per option, in the options' order. */
export function tally(poll: PollState): number[] {
  const counts = poll.options.map(() => 0);
  for (const option of Object.values(poll.votes)) if (counts[option] !== undefined) counts[option] += 1;
  return counts;
}
