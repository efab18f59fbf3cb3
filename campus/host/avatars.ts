import type { CampusMember } from "../state/members";

const COLORS = ["#4f46e5", "#0f766e", "#b45309", "#be185d", "#1d4ed8"];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A generated initials avatar, so that avatarUrl points at something real without image files. */
export function renderAvatarSvg(member: CampusMember): string {
  const label = member.name ?? member.username;
  const initials = label
    .split(/[\s_]+/)
    .map((part) => part.charAt(0).toUpperCase())
    .slice(0, 2)
    .join("");
  const hash = [...member.username].reduce((sum, char) => sum + char.charCodeAt(0), 0);
  const color = COLORS[hash % COLORS.length] ?? "#4f46e5";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
<rect width="96" height="96" rx="48" fill="${color}"/>
<text x="48" y="58" font-family="system-ui, sans-serif" font-size="36" font-weight="600" fill="#fff" text-anchor="middle">${escapeXml(initials)}</text>
</svg>`;
}
