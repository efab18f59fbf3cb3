import { describe, expect, it } from "vitest";
import { loadSpecExcerpts, parseSpecExcerpts } from "./spec-excerpts";

describe("the flow inspector quotes the spec itself", () => {
  it("reads every endpoint detail of part 4 and the login steps of part 5", () => {
    const excerpts = loadSpecExcerpts();
    for (let item = 1; item <= 14; item++) expect(excerpts[`4.${item}`]?.text).toBeTruthy();
    expect(excerpts["4.1"]?.title).toBe("POST /v1/apps/token");
    expect(excerpts["5.3.2"]?.text).toMatch(/^Sends ready with empty params/);
    expect(excerpts["5.3.4"]?.text).toMatch(/authenticate/);
    expect(excerpts["6"]?.text).toMatch(/^Iframe messages/);
  });

  it("takes numbered items only from the parts it quotes", () => {
    const markdown = ["## 3. States", "1. **Not this.** no", "### Details per endpoint", "1. **POST /x.** Does x.", "## 7. Errors", "2. **Nor this.** no"].join("\n");
    expect(parseSpecExcerpts(markdown)).toEqual({ "4.1": { title: "POST /x", text: "Does x." } });
  });
});
