import "server-only";
import { NextResponse } from "next/server";
import { NO_STORE } from "@/lib/errors";

/** A JSON response that no cache keeps (spec part 4: every response carries private, no-store). */
export function jsonNoStore(body: unknown, init: { status?: number } = {}): NextResponse {
  return NextResponse.json(body, { status: init.status ?? 200, headers: { "Cache-Control": NO_STORE } });
}
