import { AppError } from "@/lib/errors";
import { HostBridgeError } from "./host-bridge";

/** Every view the page can show; `data-state` on the status element carries the name. */
export type ViewName =
  | "connecting"
  | "signing-in"
  | "signed-in"
  | "denied"
  | "revoked"
  | "unavailable-app"
  | "expired"
  | "campus-unavailable"
  | "signed-out"
  | "not-embedded"
  | "no-answer"
  | "error";

export type ProblemView = { name: Exclude<ViewName, "connecting" | "signing-in" | "signed-in">; message: string };

/** Maps a failure of the handshake or of the app's API to the view that offers the way forward. */
export function viewForError(error: unknown): ProblemView {
  if (error instanceof HostBridgeError) {
    if (error.kind === "not-embedded") return { name: "not-embedded", message: error.message };
    if (error.kind === "no-answer") return { name: "no-answer", message: error.message };
    if (error.hostCode === "CONSENT_DENIED") return { name: "denied", message: error.message };
    // A stale launch (a registration save ends old launches, spec 5.6) or an unpublished app.
    if (error.hostCode === "INVALID_LAUNCH" || error.hostCode === "APP_UNAVAILABLE") {
      return { name: "unavailable-app", message: error.message };
    }
    return { name: "error", message: error.message };
  }
  if (error instanceof AppError) {
    // Spec part 7: what each code asks the app to do.
    switch (error.code) {
      case "INVALID_TOKEN":
        return { name: "expired", message: error.message };
      case "ACCESS_REVOKED":
        return { name: "revoked", message: error.message };
      case "APP_UNAVAILABLE":
        return { name: "unavailable-app", message: error.message };
      case "INTERNAL_SERVER_ERROR":
        return { name: "campus-unavailable", message: error.message };
      default:
        return { name: "error", message: error.message };
    }
  }
  return { name: "error", message: "Something went wrong; try again" };
}
