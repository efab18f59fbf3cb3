// Next's start-up hook. The checks load only in the Node.js runtime: Next also builds this file
// for the Edge runtime, where their modules (node:crypto, process.stdout) do not exist.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { runStartChecks } = await import("./lib/server/start-checks");
    await runStartChecks();
  }
}
