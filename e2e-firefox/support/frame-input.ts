import type { Frame } from "puppeteer-core";

/*
 * Real (trusted) clicks and typing in any frame, over WebDriver BiDi's input.performActions in
 * that frame's own browsing context, with coordinates in its viewport. Puppeteer dispatches all
 * input in the tab's top-level context; with site isolation on, Firefox never delivers that input
 * to a cross-site iframe, which runs in another process.
 */

type BidiConnection = { send(method: string, params: object): Promise<unknown> };

function isBidiConnection(value: unknown): value is BidiConnection {
  return typeof value === "object" && value !== null && typeof Reflect.get(value, "send") === "function";
}

/** The browser's WebDriver BiDi connection (puppeteer's, not part of its typed API). */
export function bidiConnection(browser: object): BidiConnection {
  const connection: unknown = Reflect.get(browser, "connection");
  if (!isBidiConnection(connection)) throw new Error("This browser has no WebDriver BiDi connection");
  return connection;
}

/** The frame's BiDi browsing context ID (puppeteer's frame ID is that context's ID). */
function contextOf(frame: Frame): string {
  const id: unknown = Reflect.get(frame, "_id");
  if (typeof id !== "string") throw new Error("This frame has no WebDriver BiDi browsing context");
  return id;
}

function perform(frame: Frame, actions: object[]) {
  return bidiConnection(frame.page().browser()).send("input.performActions", { context: contextOf(frame), actions });
}

type Target = { x: number; y: number } | { problem: string };

/**
 * Where a click on the element lands, once it is visible, enabled, still and not covered; the
 * reason it cannot be clicked yet otherwise. Scrolls it into the middle of the frame first.
 */
function locate(frame: Frame, selector: string): Promise<Target> {
  return frame.$eval(selector, async (element) => {
    element.scrollIntoView({ block: "center", inline: "center" });
    const before = element.getBoundingClientRect();
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === "hidden") return { problem: "not visible" };
    if (element.matches(':disabled, [aria-disabled="true"]')) return { problem: "disabled" };
    if (box.x !== before.x || box.y !== before.y) return { problem: "moving" };
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(element === hit || element.contains(hit) || (element instanceof HTMLLabelElement && element.control === hit))) return { problem: "covered" };
    return { x: Math.round(x), y: Math.round(y) };
  });
}

async function retryUntil<T>(timeout: number, attempt: () => Promise<T | { problem: string }>, what: string): Promise<T> {
  const deadline = Date.now() + timeout;
  let last = "not found";
  for (;;) {
    try {
      const result = await attempt();
      if (!(typeof result === "object" && result !== null && "problem" in result)) return result;
      last = result.problem;
    } catch (error) {
      last = error instanceof Error ? error.message.split("\n")[0]! : String(error);
    }
    if (Date.now() >= deadline) throw new Error(`${what}: ${last} after ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function clickIn(frame: () => Frame, selector: string, timeout: number) {
  await retryUntil(
    timeout,
    async () => {
      const target = await locate(frame(), selector);
      if ("problem" in target) return target;
      await perform(frame(), [
        {
          type: "pointer",
          id: "mouse",
          parameters: { pointerType: "mouse" },
          actions: [
            { type: "pointerMove", x: target.x, y: target.y },
            { type: "pointerDown", button: 0 },
            { type: "pointerUp", button: 0 },
          ],
        },
      ]);
      return true;
    },
    `click ${selector}`,
  );
}

const CONTROL = "\uE009";
const BACKSPACE = "\uE003";

/** Clicks into the field (an input or a textarea), selects what it holds, and types the value key by key. */
export async function typeIn(frame: () => Frame, selector: string, value: string, timeout: number) {
  await clickIn(frame, selector, timeout);
  const keys = [
    { type: "keyDown", value: CONTROL },
    { type: "keyDown", value: "a" },
    { type: "keyUp", value: "a" },
    { type: "keyUp", value: CONTROL },
    { type: "keyDown", value: BACKSPACE },
    { type: "keyUp", value: BACKSPACE },
    ...[...value].flatMap((key) => [
      { type: "keyDown", value: key },
      { type: "keyUp", value: key },
    ]),
  ];
  await perform(frame(), [{ type: "key", id: "keyboard", actions: keys }]);
  await retryUntil(
    timeout,
    async () => {
      const now = await frame().$eval(selector, (element) => (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element.value : null));
      return now === value ? true : { problem: `holds ${JSON.stringify(now)}` };
    },
    `type into ${selector}`,
  );
}
