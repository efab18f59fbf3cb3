import { jsonNoStore } from "@/lib/api/respond";

// The one API route without X-Campus-Launch: probes and test runners wait on it.
export function GET() {
  return jsonNoStore({ ok: true });
}
