import { useState, type FormEvent } from "react";
import type { CreateNotesRequest } from "@/lib/wire/notes";
import { NOTES_LIMITS } from "@/lib/shared/notes";
import { LIMITS } from "@/lib/contract";
import { Button } from "../ui/button";
import { TextField } from "./text-field";

/** New shared notes: a topic. The label is what invitees see in the campus page. */
export function CreateNotesForm(props: { onCreate: (body: CreateNotesRequest) => void; disabled: boolean; busy: boolean }) {
  const [label, setLabel] = useState("");
  const [topic, setTopic] = useState("");
  const ready = topic.trim() !== "";

  function submit(event: FormEvent) {
    event.preventDefault();
    const title = label.trim() || topic.trim().slice(0, LIMITS.activityLabelMaxLength);
    props.onCreate({ kind: "notes", label: title, topic: topic.trim() });
  }

  return (
    <form onSubmit={submit} aria-labelledby="create-notes-title" className="space-y-2 rounded-lg border border-slate-200 p-3">
      <h3 id="create-notes-title" className="text-sm font-semibold">
        Start shared notes
      </h3>
      <TextField testId="notes-topic" label="Topic" value={topic} maxLength={NOTES_LIMITS.topicMaxLength} onChange={setTopic} />
      <TextField
        testId="notes-label-input"
        label="Label"
        placeholder="Label in the invitation (optional; the topic otherwise)"
        value={label}
        maxLength={LIMITS.activityLabelMaxLength}
        onChange={setLabel}
      />
      <Button testId="notes-create" type="submit" size="sm" disabled={props.disabled || !ready}>
        {props.busy ? "Registering with the campus…" : "Start the notes"}
      </Button>
    </form>
  );
}
