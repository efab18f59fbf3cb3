"use client";

import { Button } from "./_components/ui/button";
import { StatusPanel } from "./_components/ui/status-panel";

// Never a blank page or a stack trace: a message and a way forward.
export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <StatusPanel state="error" title="Something went wrong" message="The app hit an unexpected error." tone="danger">
      <Button testId="try-again" onClick={reset}>
        Try again
      </Button>
    </StatusPanel>
  );
}
