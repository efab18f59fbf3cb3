/*
 * No cycle between the folders of lib/, checked by `npm run lint:deps` after .dependency-cruiser.cjs.
 * A folder cycle has no module cycle in it (lib/security/x.ts imports lib/http/y.ts, and another
 * module of lib/http imports lib/security/z.ts), so the layer rules miss one within a layer, and
 * `no-circular` misses it altogether; but a reader still goes round in it. Only the shipped code
 * counts: tests reach across layers on purpose (a route's test imports the route and the server's
 * wiring), which would join every folder to every other, so they are left out of this run.
 */
import layers from "./.dependency-cruiser.cjs";

const { options } = layers;

const folderRules = {
  forbidden: [
    {
      name: "no-folder-cycle-in-lib",
      comment: "The folders of lib/ depend on each other one way: no folder reaches itself through another (.dependency-cruiser-folders.mjs).",
      severity: "error",
      scope: "folder",
      from: { path: "^lib/" },
      to: { circular: true },
    },
  ],
  options: { ...options, exclude: { path: `${options.exclude.path}|\\.test\\.tsx?$|^lib/testing/` } },
};

export default folderRules;
