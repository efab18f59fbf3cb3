import { useState, type FormEvent } from "react";
import type { CreatePollRequest } from "@/lib/wire/poll";
import { POLL_LIMITS } from "@/lib/shared/poll";
import { LIMITS } from "@/lib/contract";
import { Button } from "../ui/button";
import { TextField } from "./text-field";

/** A new shared poll: a question and two to six options. The label is what invitees see in the campus page. */
export function CreatePollForm(props: { onCreate: (body: CreatePollRequest) => void; disabled: boolean; busy: boolean }) {
  const [label, setLabel] = useState("");
  const [question, setQuestion] = useState("");
  const [options, setOptions] = useState(["", ""]);
  const filled = options.map((option) => option.trim()).filter(Boolean);
  const ready = question.trim() !== "" && filled.length >= POLL_LIMITS.minOptions;

  function submit(event: FormEvent) {
    event.preventDefault();
    const title = label.trim() || question.trim().slice(0, LIMITS.activityLabelMaxLength);
    props.onCreate({ kind: "poll", label: title, question: question.trim(), options: filled });
  }

  return (
    <form onSubmit={submit} aria-labelledby="create-poll-title" className="space-y-2 rounded-lg border border-slate-200 p-3">
      <h3 id="create-poll-title" className="text-sm font-semibold">
        Start a shared poll
      </h3>
      <TextField testId="activity-question" label="Question" value={question} maxLength={POLL_LIMITS.questionMaxLength} onChange={setQuestion} />
      {options.map((option, index) => (
        <TextField
          key={index}
          testId="activity-option"
          label={`Option ${index + 1}`}
          value={option}
          maxLength={POLL_LIMITS.optionMaxLength}
          onChange={(value) => setOptions(options.map((current, at) => (at === index ? value : current)))}
        />
      ))}
      <TextField
        testId="activity-label-input"
        label="Label"
        placeholder="Label in the invitation (optional; the question otherwise)"
        value={label}
        maxLength={LIMITS.activityLabelMaxLength}
        onChange={setLabel}
      />
      <div className="flex flex-wrap gap-2">
        {options.length < POLL_LIMITS.maxOptions ? (
          <Button testId="activity-add-option" variant="secondary" size="sm" onClick={() => setOptions([...options, ""])}>
            Add an option
          </Button>
        ) : null}
        <Button testId="activity-create" type="submit" size="sm" disabled={props.disabled || !ready}>
          {props.busy ? "Registering with the campus…" : "Start the poll"}
        </Button>
      </div>
    </form>
  );
}
