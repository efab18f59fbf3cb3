import { useEffect, useRef } from "react";
import type { CallParticipant } from "@/lib/contract";
import type { PresentationState } from "@/lib/client/presentation/use-presentation";

/** Columns and the widest the grid grows, by tile count: tiles stay 16:9 and leave room for the controls below. */
function gridClass(count: number): string {
  if (count <= 1) return "max-w-md grid-cols-1";
  if (count === 2) return "max-w-3xl grid-cols-2";
  return "max-w-4xl grid-cols-3";
}

/**
 * Spec 4.10: each tile is an ordinary child iframe of the app document, unsandboxed, from the URL
 * the backend resolved against {campus_origin}, mounted once. `allow="camera"` lets a self-view
 * tile use the member's camera. The campus counts a tile as shown only while at least half of it is
 * in view (docs/assumptions.md), and takes the presentation back after fifteen seconds otherwise:
 * the tiles stick to the top of the stage, so scrolling to the controls or the side panel never
 * hides them.
 */
export function PresentationTiles({
  presentation,
  participants,
  onTileLoaded,
}: {
  presentation: PresentationState;
  participants: CallParticipant[];
  /** A tile's document has loaded: the commit's ten seconds count from the last one (lib/client/presentation/commit-retry.ts). */
  onTileLoaded: (tileId: string) => void;
}) {
  const grid = useRef<HTMLDivElement>(null);
  useEffect(() => {
    grid.current?.scrollIntoView({ block: "nearest" });
  }, [presentation.generation]);

  const username = (participationId: string) =>
    participants.find((participant) => participant.participationId === participationId)?.username ?? "a speaker";
  return (
    <div ref={grid} className="sticky top-0 z-10 -mx-4 -mt-2 bg-slate-50/95 px-4 py-2">
      <div data-testid="presentation-tiles" role="group" aria-label="Call tiles" className={`mx-auto grid gap-2 ${gridClass(presentation.tiles.length)}`}>
        {presentation.tiles.map((tile) => (
          <iframe
            key={`${presentation.generation}:${tile.tileId}`}
            data-testid="presentation-tile"
            data-participation-id={tile.participationId}
            src={tile.url}
            title={`Video of ${username(tile.participationId)}`}
            allow="camera"
            onLoad={() => onTileLoaded(tile.tileId)}
            className="aspect-video w-full rounded-md border-0 bg-slate-900"
          />
        ))}
      </div>
    </div>
  );
}
