/** Spec 3 "Activity entry": access ended for good; the reason is the campus's (or the app's) message. */
export function ActivityEnded({ ended }: { ended: { code: string; message: string } }) {
  return (
    <div data-testid="activity-ended" data-code={ended.code} role="alert" className="space-y-1 rounded-lg bg-amber-50 p-3 text-sm">
      <p className="font-medium text-amber-900">The shared activity ended for you.</p>
      <p data-testid="activity-ended-reason" className="text-amber-800">
        {ended.message}
      </p>
      <p className="text-xs text-amber-700">To join again, accept a current invitation in the campus page.</p>
    </div>
  );
}
