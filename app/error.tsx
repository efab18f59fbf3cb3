"use client";

import { Button, StatusPanel } from "./_components/status-panel";

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
