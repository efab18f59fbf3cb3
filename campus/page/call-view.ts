// What the call panel's parts render: the view GET /host/call answers (built by host/call-panel.ts),
// and the action a control runs with it.

import type { CallPanel } from "../host/call-panel";

export type CallView = CallPanel;
export type InCall = NonNullable<CallView["call"]>;

/** POSTs one /host action for this tab and shows the view it answers (call-panel.ts). */
export type Act = (path: string, body?: Record<string, unknown>) => Promise<void>;
