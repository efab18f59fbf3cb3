import { beforeEach, describe, expect, it, vi } from "vitest";
import { KIND_SAMPLES, asGuest, asOwner, registered, REGISTER_PATH, activityDeps } from "@/lib/testing/activity-fixtures";
import { GRANT_ID, aCallSession } from "@/lib/testing/call-fixtures";
import { fakeClock } from "@/lib/testing/fixtures";
import { ACTIVITY_KINDS } from "@/lib/shared/activity-kinds";
import { joinedResponse } from "./activity-view";
import { createActivity } from "./create-activity";
import { enterActivity } from "./enter-activity";
import { withJoinedActivity } from "./joined-action";
import { readActivity } from "./read-activity";

// Every view is made by joinedResponse; watching its calls shows which clock each one was handed.
vi.mock("./activity-view", async (importOriginal) => {
  const original = await importOriginal<typeof import("./activity-view")>();
  return { ...original, joinedResponse: vi.fn(original.joinedResponse) };
});

const clockHanded = () => vi.mocked(joinedResponse).mock.lastCall?.[2];

// Each kind, by its samples: the checks name no kind, so removing one leaves them whole.
describe.each(ACTIVITY_KINDS)("a %s view is handed the server's clock: the `now` of the request's deps, never one of its own", (kind) => {
  const create = () => ({ ...KIND_SAMPLES[kind].create });

  beforeEach(() => {
    vi.mocked(joinedResponse).mockClear();
  });

  it("when the activity is created", async () => {
    const clock = fakeClock();
    const { deps } = activityDeps({ now: clock.now, routes: { [REGISTER_PATH]: registered } });
    const { credentials } = await aCallSession(deps, { grantId: GRANT_ID });
    clock.advance(7);
    await createActivity(credentials, create(), deps);
    expect(clockHanded()).toBe(clock.now());
  });

  it("when a member enters it and when the page reads it", async () => {
    const clock = fakeClock();
    const { deps, credentials } = await asGuest(create(), { now: clock.now });
    clock.advance(5);
    await enterActivity(credentials, deps);
    expect(clockHanded()).toBe(clock.now());
    clock.advance(5);
    await readActivity(credentials, deps);
    expect(clockHanded()).toBe(clock.now());
  });

  it("when an action answers (every action answers through withJoinedActivity)", async () => {
    const clock = fakeClock();
    const { deps, credentials } = await asOwner(create(), { now: clock.now });
    clock.advance(60);
    await withJoinedActivity(credentials, deps, "activityCreateByMember", kind, async (activity) => activity);
    expect(clockHanded()).toBe(clock.now());
  });
});
