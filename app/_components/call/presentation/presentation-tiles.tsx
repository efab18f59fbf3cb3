import { useEffect, useRef } from "react";
import type { CallParticipant } from "@/lib/contract";
import type { PresentationState } from "@/lib/client/use-presentation";

/** A tile's size: 16:9, two side by side in the app's column. */
export const TILE_WIDTH = 240;
export const TILE_HEIGHT = 135;

/**
 * Spec 4.10: each tile is an ordinary child iframe of the app document, unsandboxed, from the URL
 * the backend resolved against {campus_origin}, mounted once. `allow="camera"` lets a self-view
 * tile use the member's camera. The campus counts a tile as shown only while at least half of it is
 * in view (docs/assumptions.md), and takes the presentation back after fifteen seconds otherwise.
 */
export function PresentationTiles({ presentation, participants }: { presentation: PresentationState; participants: CallParticipant[] }) {
  const grid = useRef<HTMLDivElement>(null);
  // Centred, so that the campus page growing or shrinking its own call panel above the app frame
  // (as it does around a handoff) leaves every tile in view.
  useEffect(() => {
    grid.current?.scrollIntoView({ block: "center" });
  }, [presentation.generation]);

  const username = (participationId: string) =>
    participants.find((participant) => participant.participationId === participationId)?.username ?? "a speaker";
  return (
    <div ref={grid} data-testid="presentation-tiles" className="grid grid-cols-2 gap-2">
      {presentation.tiles.map((tile) => (
        <iframe
          key={`${presentation.generation}:${tile.tileId}`}
          data-testid="presentation-tile"
          data-participation-id={tile.participationId}
          src={tile.url}
          title={`Video of ${username(tile.participationId)}`}
          allow="camera"
          width={TILE_WIDTH}
          height={TILE_HEIGHT}
          className="rounded-md border-0 bg-slate-900"
        />
      ))}
    </div>
  );
}
