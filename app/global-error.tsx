"use client";

import "./globals.css";

// Replaces the root layout when it fails itself, so it renders its own document.
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body className="flex min-h-screen items-center justify-center bg-slate-50 p-4 font-sans text-slate-900">
        <section data-testid="app-status" data-state="error" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h1 className="text-lg font-semibold">Something went wrong</h1>
          <p className="text-sm text-slate-600">The app hit an unexpected error.</p>
          <button type="button" onClick={reset} className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white">
            Try again
          </button>
        </section>
      </body>
    </html>
  );
}
