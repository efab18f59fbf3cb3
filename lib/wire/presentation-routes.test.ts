import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { POST as postPresentation } from "@/app/api/call/presentation/route";
import { AUDIO_ONLY_HAS_NO_TILES, TOO_MANY_TILES, presentationRequestSchema, presentationViewSchema } from "@/lib/wire/presentation-routes";

const post = (body: unknown) =>
  new NextRequest("http://app.localhost:3000/api/call/presentation", {
    method: "POST",
    headers: { "X-Campus-Launch": "launch-1", "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

const ids = (count: number) => Array.from({ length: count }, (_, index) => `par_${index}`);

describe("spec 2 CallPrepare and CallTile, 4.9: the page's presentation request", () => {
  it("accepts a mode and up to six unique participations", () => {
    expect(presentationRequestSchema.parse({ mode: "video", participationIds: ids(6) })).toEqual({ mode: "video", participationIds: ids(6) });
    expect(presentationRequestSchema.parse({ mode: "audioOnly", participationIds: [] })).toEqual({ mode: "audioOnly", participationIds: [] });
  });

  it("refuses a seventh tile", () => {
    const result = presentationRequestSchema.safeParse({ mode: "video", participationIds: ids(7) });
    expect(result.error?.issues[0]?.message).toBe(TOO_MANY_TILES);
  });

  it("refuses the same participation twice", () => {
    expect(presentationRequestSchema.safeParse({ mode: "video", participationIds: ["par_1", "par_1"] }).success).toBe(false);
  });

  it("refuses a mode off the enum, or none", () => {
    expect(presentationRequestSchema.safeParse({ mode: "hologram", participationIds: [] }).success).toBe(false);
    expect(presentationRequestSchema.safeParse({ participationIds: [] }).success).toBe(false);
  });

  it("refuses tiles for audio only", () => {
    const result = presentationRequestSchema.safeParse({ mode: "audioOnly", participationIds: ["par_1"] });
    expect(result.error?.issues[0]?.message).toBe(AUDIO_ONLY_HAS_NO_TILES);
  });

  it("keeps the spec's limits: a participationId over 128 chars, or empty", () => {
    expect(presentationRequestSchema.safeParse({ mode: "video", participationIds: ["p".repeat(129)] }).success).toBe(false);
    expect(presentationRequestSchema.safeParse({ mode: "video", participationIds: [""] }).success).toBe(false);
  });

  it("never carries the presentation's own ID back to the page", () => {
    expect(presentationViewSchema.safeParse({ presentationId: "prs_1", status: "app", mode: "video", tiles: [], restoredReason: null }).success).toBe(false);
  });
});

describe("POST /api/call/presentation is strict: no grant, presentation, tile URL or token from the page", () => {
  it.each([
    ["grantId", { mode: "video", participationIds: [], grantId: "grt_1" }],
    ["presentationId", { mode: "video", participationIds: [], presentationId: "prs_1" }],
    ["tiles", { mode: "video", participationIds: [], tiles: [{ url: "/tiles/x" }] }],
    ["accessToken", { mode: "video", participationIds: [], accessToken: "tok" }],
    ["seven tiles", { mode: "video", participationIds: ids(7) }],
  ])("a body with %s is 400 BAD_USER_INPUT, private, no-store", async (_name, body) => {
    const response = await postPresentation(post(body));
    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.json()).toMatchObject({ error: { code: "BAD_USER_INPUT" } });
  });

  it("names the limit in its message", async () => {
    const response = await postPresentation(post({ mode: "video", participationIds: ids(7) }));
    expect(await response.json()).toMatchObject({ error: { message: expect.stringContaining(TOO_MANY_TILES) } });
  });

  it("needs X-Campus-Launch", async () => {
    const request = new NextRequest("http://app.localhost:3000/api/call/presentation", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ mode: "video", participationIds: [] }),
    });
    expect((await postPresentation(request)).status).toBe(400);
  });
});
