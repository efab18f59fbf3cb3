// The registration panel: shows the registration and saves scope and publication changes.
// A save ends old launches and credentials (spec 5.6), so the page remounts the app afterwards.

import type { Scope } from "../../lib/contract/scopes";
import type { PublicRegistration } from "../state/registration";
import type { CallHost } from "./host-api";

function row(term: string, value: string, testId: string): HTMLElement {
  const wrapper = document.createElement("div");
  const dt = Object.assign(document.createElement("dt"), { textContent: term });
  const dd = Object.assign(document.createElement("dd"), { textContent: value });
  if (testId) dd.dataset.testid = testId;
  wrapper.append(dt, dd);
  return wrapper;
}

function checkbox(name: string, value: string, checked: boolean, label: string, testId: string): HTMLElement {
  const input = Object.assign(document.createElement("input"), { type: "checkbox", name, value, checked });
  input.dataset.testid = testId;
  const wrapper = document.createElement("label");
  wrapper.className = "check";
  wrapper.append(input, Object.assign(document.createElement("code"), { textContent: label }));
  return wrapper;
}

export type RegistrationPanelOptions = {
  registration: PublicRegistration;
  allScopes: readonly Scope[];
  callHost: CallHost;
  onSaved: (saved: PublicRegistration) => void;
};

export function createRegistrationPanel(form: HTMLFormElement, { registration, allScopes, callHost, onSaved }: RegistrationPanelOptions): void {
  let current = registration;
  const status = Object.assign(document.createElement("p"), { className: "panel__status", role: "status" });
  status.dataset.testid = "registration-status";

  function render() {
    const details = document.createElement("dl");
    details.className = "facts";
    details.append(
      row("Client ID", current.clientId, "registration-client-id"),
      row("App URL", current.appUrl, "registration-app-url"),
      row("Generation", String(current.generation), "registration-generation"),
    );
    const scopes = document.createElement("fieldset");
    scopes.append(Object.assign(document.createElement("legend"), { textContent: "Scopes" }));
    for (const scope of allScopes) {
      scopes.append(checkbox("scopes", scope, current.scopes.includes(scope), scope, `registration-scope-${scope}`));
    }
    const published = checkbox("published", "true", current.published, "published", "registration-published");
    const save = Object.assign(document.createElement("button"), { type: "submit", className: "primary", textContent: "Save registration" });
    save.dataset.testid = "registration-save";
    form.replaceChildren(details, scopes, published, save, status);
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const body = { scopes: data.getAll("scopes").map(String), published: data.get("published") === "true" };
    status.textContent = "Saving…";
    try {
      current = await callHost<PublicRegistration>("PUT", "/host/registration", body);
      render();
      status.textContent = `Saved. Generation ${current.generation}: older launches and credentials have ended.`;
      onSaved(current);
    } catch (error) {
      status.textContent = error instanceof Error ? error.message : String(error);
    }
  });

  render();
}
