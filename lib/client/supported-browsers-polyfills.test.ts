import { afterEach, describe, expect, it, vi } from "vitest";

const native = Object.getOwnPropertyDescriptor(URL, "canParse");

describe("the polyfills the supported browsers need (in place of Next's module)", () => {
  afterEach(() => {
    if (native) Object.defineProperty(URL, "canParse", native);
  });

  it("adds URL.canParse where a browser lacks it (Safari 16.4), with its native answers", async () => {
    Reflect.deleteProperty(URL, "canParse");
    expect("canParse" in URL).toBe(false);
    vi.resetModules();
    await import("./supported-browsers-polyfills");
    expect(URL.canParse("https://campus.example/a")).toBe(true);
    expect(URL.canParse("/a", "https://campus.example")).toBe(true);
    expect(URL.canParse("/a")).toBe(false);
    expect(URL.canParse("https://")).toBe(false);
  });

  it("leaves a native URL.canParse alone", async () => {
    vi.resetModules();
    await import("./supported-browsers-polyfills");
    expect(Object.getOwnPropertyDescriptor(URL, "canParse")).toEqual(native);
  });
});
