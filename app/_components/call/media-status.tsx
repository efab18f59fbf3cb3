import type { ActiveGrantView } from "@/lib/wire/call-routes";

const onOff = (on: boolean) => (on ? "on" : "off");

/**
 * Spec 2: native media status, read-only. Audio of speakers always stays in the host. With the
 * toggles on screen, the member's own camera and microphone are read from them instead.
 */
export function MediaStatus({ grant, ownToggles }: { grant: ActiveGrantView; ownToggles: boolean }) {
  const { media, capacity } = grant;
  const username = (participationId: string) =>
    grant.participants.find((participant) => participant.participationId === participationId)?.username ?? participationId;
  return (
    <div className="space-y-1.5 text-xs text-slate-700">
      <dl
        data-testid="media-status"
        data-camera={media.camera}
        data-microphone={media.microphone}
        data-playback-muted={media.playbackMuted}
        data-connection={media.connection}
        className="flex flex-wrap gap-x-4 gap-y-1"
      >
        {ownToggles ? null : (
          <>
            <Fact label="Camera" value={onOff(media.camera)} />
            <Fact label="Microphone" value={onOff(media.microphone)} />
            <Fact label="Call audio" value={media.playbackMuted ? "muted" : "playing"} />
          </>
        )}
        <Fact label="Connection" value={media.connection} />
      </dl>
      {media.speakers.length ? (
        <ul data-testid="speaker-media" aria-label="Speakers' media" className="flex flex-wrap gap-1.5">
          {media.speakers.filter((speaker) => !ownToggles || speaker.participationId !== grant.participationId).map((speaker) => {
            const name = username(speaker.participationId);
            return (
              <li key={speaker.participationId} data-testid="speaker-media-chip" data-username={name} className="flex gap-2 rounded-full bg-slate-100 px-2 py-0.5">
                <span className="font-medium text-slate-900">{name}</span>
                <span>
                  camera <OnOff on={speaker.camera} />
                </span>
                <span>
                  mic <OnOff on={speaker.microphone} />
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
      <p data-testid="call-capacity" className="text-slate-600">
        {capacity.members} of {capacity.maxMembers} members · {capacity.seatsTaken} of {capacity.speakerSeats} speaker seats taken
      </p>
    </div>
  );
}

/** As wide for "on" as for "off": a speaker turning a device on or off never rewraps the chips, so nothing below them moves. */
function OnOff({ on }: { on: boolean }) {
  return <span className="inline-block w-[3ch]">{onOff(on)}</span>;
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-1">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}
