/*
 * Two sites to the browser: the app and the campus that frames it. Each end-to-end worker has a
 * pair of its own, so that no test shares a campus (members, consents, the clock) or an app with
 * another running at the same time: slot N is the app on port 3100 + N and the campus on 4100 + N.
 * A run names its first slot in E2E_SLOT_BASE and each worker adds its index (Playwright's
 * TEST_PARALLEL_INDEX, vitest's VITEST_POOL_ID). Without E2E_SLOT_BASE (the bench, the screenshot
 * script, servers started by hand) the pair is the standard one on 3000 and 4000.
 */

export type Origins = {
  /** The app as the browser sees it. */
  appOrigin: string;
  /** The campus page as the browser sees it. */
  campusOrigin: string;
  /** Server-to-server address of the campus (its control API for tests). */
  campusApi: string;
  /** The app as seen from the test runner, which cannot resolve *.localhost names. */
  appServer: string;
  appPort: number;
  campusPort: number;
};

/** The pair of slot N; undefined is the standard pair on 3000 and 4000. */
export function originsOf(slot: number | undefined): Origins {
  const appPort = slot === undefined ? 3000 : 3100 + slot;
  const campusPort = slot === undefined ? 4000 : 4100 + slot;
  if (slot !== undefined && (!Number.isInteger(slot) || slot < 0 || slot > 99)) throw new Error(`end-to-end slot ${slot} is outside 0-99`);
  // Browsers and fetch refuse a few ports outright (the Fetch standard's "bad ports"): 4190 is one.
  if (slot === 90) throw new Error("end-to-end slot 90 would put the campus on 4190, a port browsers and fetch refuse");
  return {
    appOrigin: `http://app.localhost:${appPort}`,
    campusOrigin: `http://campus.localhost:${campusPort}`,
    campusApi: `http://127.0.0.1:${campusPort}`,
    appServer: `http://127.0.0.1:${appPort}`,
    appPort,
    campusPort,
  };
}

/** This process's slot: the run's first slot plus the worker's index. */
export function currentSlot(env: Record<string, string | undefined> = process.env): number | undefined {
  if (env.E2E_SLOT_BASE === undefined || env.E2E_SLOT_BASE === "") return undefined;
  const workerIndex = env.TEST_PARALLEL_INDEX ?? (env.VITEST_POOL_ID ? String(Number(env.VITEST_POOL_ID) - 1) : "0");
  return Number(env.E2E_SLOT_BASE) + Number(workerIndex);
}

const current = originsOf(currentSlot());

export const APP_ORIGIN = current.appOrigin;
export const CAMPUS_ORIGIN = current.campusOrigin;
export const CAMPUS_API = current.campusApi;
export const APP_SERVER = current.appServer;
/** Another site on the campus's port: a frame of an origin the app does not trust, served by the campus. */
export const ELSEWHERE_ORIGIN = `http://elsewhere.localhost:${current.campusPort}`;

/** A pattern for URLs that start with `origin`. */
export function startsWithOrigin(origin: string): RegExp {
  return new RegExp(`^${origin.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}`);
}
