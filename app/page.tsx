import { getEnv } from "@/lib/env";
import { EmbeddedApp } from "./_components/embedded-app";

export default function Page() {
  // The trusted host origins come from the server environment, not from a public build variable.
  return <EmbeddedApp hostOrigins={getEnv().CAMPUS_ORIGINS} />;
}
