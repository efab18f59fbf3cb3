import { AppError } from "@/lib/errors";

export type AccessLoss = { code: string; message: string };

export function accessLossOf(error: unknown): AccessLoss {
  return error instanceof AppError ? { code: error.code, message: error.message } : { code: "APP_UNAVAILABLE", message: "Access ended" };
}

const TITLE: Record<string, string> = {
  ACCESS_REVOKED: "Access revoked: your consent for this app ended in the campus.",
  APP_UNAVAILABLE: "App unavailable: it can no longer use the call in this campus tab.",
};

/** Spec part 7: protected actions and polling have stopped; the reason is the campus's message. */
export function AccessLost({ loss }: { loss: AccessLoss }) {
  return (
    <div data-testid="call-access-lost" data-code={loss.code} role="alert" className="space-y-1 rounded-lg bg-amber-50 p-3 text-sm">
      <p className="font-medium text-amber-900">{TITLE[loss.code] ?? "The app lost access to your call."}</p>
      <p className="text-amber-800">{loss.message}</p>
      <p className="text-xs text-amber-700">Reopen the app from the campus, or sign in again, to use the call.</p>
    </div>
  );
}
