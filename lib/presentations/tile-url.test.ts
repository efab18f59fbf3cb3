import { describe, expect, it } from "vitest";
import { resolveTileUrl } from "./tile-url";

const CAMPUS = "http://campus.localhost:4000";

describe("spec 4.10: a tile URL resolves against {campus_origin}", () => {
  it("a path becomes an absolute URL of the exact origin, port included", () => {
    expect(resolveTileUrl("/tiles/AbC-123_x", CAMPUS)).toBe(`${CAMPUS}/tiles/AbC-123_x`);
    expect(resolveTileUrl("/tiles/a?b=1", "https://campus.example")).toBe("https://campus.example/tiles/a?b=1");
  });

  it.each([
    ["an absolute URL, even of the campus origin", `${CAMPUS}/tiles/a`],
    ["another origin", "https://evil.example/tiles/a"],
    ["a scheme-relative URL", "//evil.example/tiles/a"],
    ["a backslash that browsers read as a slash", "/\\evil.example/tiles/a"],
    ["a tab inside the slashes", "/\t/evil.example/tiles/a"],
    ["javascript:", "javascript:alert(1)"],
    ["data:", "data:text/html,<p>x</p>"],
  ])("rejects %s", (_name, url) => {
    expect(resolveTileUrl(url, CAMPUS)).toBeUndefined();
  });
});
