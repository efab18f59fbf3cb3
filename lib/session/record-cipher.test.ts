import { describe, expect, it } from "vitest";
import { TEST_SECRET } from "@/lib/testing/fixtures";
import { createRecordCipher } from "./record-cipher";

const PREVIOUS = "the-previous-session-secret-of-32-chars-or-more";
const RECORD = JSON.stringify({ accessToken: "tok_secret" });

describe("records at rest: AES-256-GCM under a key derived from the session secret", () => {
  it("opens what it sealed, and seals the same record differently each time (a random IV each)", () => {
    const cipher = createRecordCipher(TEST_SECRET);
    const [one, two] = [cipher.seal(RECORD, "app:session:a"), cipher.seal(RECORD, "app:session:a")];
    expect(one).not.toBe(two);
    expect(one).not.toContain("tok_secret");
    expect(cipher.open(one, "app:session:a")).toBe(RECORD);
    expect(cipher.open(two, "app:session:a")).toBe(RECORD);
  });

  it("does not open under another key name, another secret, or with a changed byte", () => {
    const sealed = createRecordCipher(TEST_SECRET).seal(RECORD, "app:session:a");
    expect(createRecordCipher(TEST_SECRET).open(sealed, "app:session:b")).toBeUndefined();
    expect(createRecordCipher(PREVIOUS).open(sealed, "app:session:a")).toBeUndefined();
    const [format, iv, body, tag] = sealed.split(".");
    const flipped = body!.replace(/^./, (c) => (c === "A" ? "B" : "A"));
    expect(createRecordCipher(TEST_SECRET).open([format, iv, flipped, tag].join("."), "app:session:a")).toBeUndefined();
    expect(createRecordCipher(TEST_SECRET).open("not a seal", "app:session:a")).toBeUndefined();
  });

  it("during a rotation opens what the previous secret sealed, and seals with the current one only", () => {
    const old = createRecordCipher(PREVIOUS).seal(RECORD, "k");
    const rotating = createRecordCipher([TEST_SECRET, PREVIOUS]);
    expect(rotating.open(old, "k")).toBe(RECORD);
    const fresh = rotating.seal(RECORD, "k");
    expect(createRecordCipher(TEST_SECRET).open(fresh, "k")).toBe(RECORD);
    expect(createRecordCipher(PREVIOUS).open(fresh, "k")).toBeUndefined();
  });
});
