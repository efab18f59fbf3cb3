import { postNoteRequestSchema } from "@/lib/wire/notes";
import { defineRoute } from "@/lib/http/define-route";
import { jsonNoStore } from "@/lib/http/respond";
import { getServerDeps } from "@/lib/server/deps";
import { postNote } from "@/lib/activity/post-note";
import { readSessionCarrier } from "@/lib/session/carrier";

// `{ text }` only: the author is the session's verified member; access is rechecked first (spec 3).
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: {
    body: postNoteRequestSchema,
    handle: async (request, input) => jsonNoStore(await postNote(readSessionCarrier(request), input, getServerDeps())),
  },
});
