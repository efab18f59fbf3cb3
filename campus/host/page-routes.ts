import { Hono } from "hono";
import { chooseEncoding } from "../../scripts/static-encoding.mjs";
import type { CampusContext } from "../http/context";
import { CampusError } from "../core/errors";
import type { CampusEnv } from "../http/hono-env";
import { toPublicRegistration } from "../state/registration";
import { ASSET_ENCODINGS, loadPageAssets } from "./assets";
import { renderAvatarSvg } from "./avatars";
import { resolveMember, setMemberCookie } from "./member-cookie";
import { buildPageCsp, renderPage } from "./render-page";
import { loadSpecExcerpts } from "./spec-excerpts";

/** GET / (the campus page), its static assets and the generated member avatars. */
export function createPageRoutes(context: CampusContext) {
  const specExcerpts = loadSpecExcerpts();

  return new Hono<CampusEnv>()
    .get("/", (c) => {
      const { state } = context;
      const requested = c.req.query("member");
      if (requested !== undefined) {
        const member = state.members.findByUsername(requested);
        if (!member) throw new CampusError("UNKNOWN_MEMBER", 400, `No campus member is called ${requested}`);
        setMemberCookie(c, member);
        return c.redirect("/", 303);
      }
      const member = resolveMember(c, state);
      setMemberCookie(c, member);
      const registration = toPublicRegistration(state.registration.getRegistration());
      c.header("Content-Security-Policy", buildPageCsp(registration.appOrigin));
      c.header("X-Content-Type-Options", "nosniff");
      c.header("Referrer-Policy", "same-origin");
      return c.html(renderPage({ member, members: state.members.listMembers(), registration, specExcerpts }));
    })
    .get("/assets/:name", async (c) => {
      const asset = (await loadPageAssets()).get(c.req.param("name"));
      if (!asset) return c.notFound();
      // Brotli, else gzip, by the request's Accept-Encoding, as the app's static chunks are served.
      const encoding = chooseEncoding(c.req.header("Accept-Encoding"), ["identity", ...ASSET_ENCODINGS]);
      c.header("Content-Type", asset.contentType);
      c.header("X-Content-Type-Options", "nosniff");
      c.header("Vary", "Accept-Encoding");
      if (encoding === "identity") return c.body(asset.body);
      c.header("Content-Encoding", encoding);
      return c.body(asset.encode(encoding));
    })
    .get("/avatars/:file", (c) => {
      const username = c.req.param("file").replace(/\.svg$/, "");
      const member = context.state.members.findByUsername(username);
      if (!member?.avatarUrl) return c.notFound();
      c.header("Content-Type", "image/svg+xml");
      return c.body(renderAvatarSvg(member));
    });
}
