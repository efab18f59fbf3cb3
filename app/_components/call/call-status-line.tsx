import type { CallStatus } from "@/lib/contract";

const TEXT: Record<CallStatus["access"], string> = {
  unavailable: "You are not in a call in this campus tab.",
  approvalRequired: "You are in a call. This app may use it once you approve.",
  approved: "You are in a call, and this app may use it.",
};

/** Spec 4.3: the advisory status; `data-access` carries the campus's value once known. */
export function CallStatusLine({ status, checking }: { status: CallStatus | undefined; checking: boolean }) {
  return (
    <p data-testid="call-status" data-access={status?.access} aria-busy={checking} className="text-sm text-slate-700">
      {status ? TEXT[status.access] : "Checking your call…"}
    </p>
  );
}
