import { StatusPanel } from "./_components/ui/status-panel";

export default function NotFound() {
  return (
    <StatusPanel state="error" title="Page not found" message="This app has a single page.">
      <a href="/" className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
        Back to the app
      </a>
    </StatusPanel>
  );
}
