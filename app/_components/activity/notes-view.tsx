import { useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type UIEvent } from "react";
import type { NotesView as Notes } from "@/lib/wire/notes";
import type { CallParticipant } from "@/lib/contract";
import { NOTES_LIMITS } from "@/lib/shared/notes";
import { Button } from "../ui/button";

type NotesViewProps = {
  activity: Notes;
  /** The call's roster, for current usernames; a note keeps the one its author had when posting. */
  participants: readonly CallParticipant[];
  userId: string;
  canPost: boolean;
  busy: boolean;
  /** Resolves true once the note is posted, so the field clears only then. */
  onPost: (text: string) => Promise<boolean>;
};

/** Shared notes: every note, oldest first, with its author; a field to post one. The list is a live region. */
export function NotesView({ activity, participants, userId, canPost, busy, onPost }: NotesViewProps) {
  const [text, setText] = useState("");
  const log = useRef<HTMLDivElement>(null);
  // Whether the member reads the newest notes (or all fit): the list then follows each new one.
  const atNewest = useRef(true);
  const notesShown = activity.notes.length;
  useLayoutEffect(() => {
    if (atNewest.current && log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [notesShown]);
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const box = event.currentTarget;
    atNewest.current = box.scrollHeight - box.scrollTop - box.clientHeight < 8;
  };
  const nameOf = (author: Notes["notes"][number]["author"]) =>
    participants.find((participant) => participant.userId === author.userId)?.username ?? author.username ?? author.userId;
  const full = activity.notes.length >= NOTES_LIMITS.maxNotes;
  const ready = canPost && !full && text.trim() !== "";

  async function post(event?: FormEvent) {
    event?.preventDefault();
    if (ready && (await onPost(text.trim()))) setText("");
  }
  // Enter starts a new line; Ctrl or Cmd with Enter posts.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) void post(event);
  };

  return (
    <div data-testid="activity-notes" data-role={activity.role} data-version={activity.version} className="space-y-2">
      <div>
        {/* The label is what invitees saw in the campus page; shown only when it says more than the topic. */}
        <p className={activity.label === activity.topic ? "hidden" : "text-xs text-slate-600"}>
          Invitation: <span data-testid="activity-label">{activity.label}</span>
        </p>
        <p id="notes-topic" data-testid="notes-topic-text" className="text-sm font-semibold">
          {activity.topic}
        </p>
      </div>
      {/* A box of fixed height: a note arriving while the member writes moves neither the field nor
          the button they are about to click. It scrolls, so it takes the keyboard's focus too. */}
      <div
        ref={log}
        data-testid="notes-log"
        role="log"
        aria-labelledby="notes-topic"
        tabIndex={0}
        onScroll={onScroll}
        className="h-40 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        {activity.notes.length ? (
          <ol className="divide-y divide-slate-200">
            {activity.notes.map((note, index) => (
              <li key={index} data-testid="note" data-author={nameOf(note.author)} data-mine={note.author.userId === userId} className="px-3 py-1.5 text-sm">
                <p className="text-xs font-medium text-slate-700">
                  {nameOf(note.author)}
                  {note.author.userId === userId ? <span className="font-normal text-slate-600"> (you)</span> : null}
                </p>
                <p data-testid="note-text" className="break-words whitespace-pre-wrap text-slate-900">
                  {note.text}
                </p>
              </li>
            ))}
          </ol>
        ) : (
          <p className="px-3 py-2 text-xs text-slate-600">No notes yet.</p>
        )}
      </div>
      {full ? (
        <p data-testid="notes-full" className="text-xs text-slate-600">
          These notes are full ({NOTES_LIMITS.maxNotes} notes).
        </p>
      ) : (
        <form onSubmit={(event) => void post(event)} className="space-y-1">
          <label htmlFor="note-input" className="block text-xs font-medium text-slate-700">
            Your note
          </label>
          <textarea
            id="note-input"
            data-testid="note-input"
            rows={2}
            value={text}
            maxLength={NOTES_LIMITS.noteMaxLength}
            aria-describedby="note-count"
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            className="w-full rounded-lg border border-slate-400 bg-white px-2.5 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-indigo-600"
          />
          <div className="flex items-center justify-between gap-2">
            <span id="note-count" className="text-xs text-slate-600">
              {text.trim().length} of {NOTES_LIMITS.noteMaxLength} characters
            </span>
            <Button testId="note-post" type="submit" size="sm" disabled={!ready}>
              {busy ? "Posting…" : "Post the note"}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
