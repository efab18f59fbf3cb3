import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { CampusConfigError, describeIssues } from "./core/errors";
import { DEFAULT_LISTEN_HOSTS } from "./core/policy";
import { createRegistrationSchema } from "./state/registration";
import type { RegistrationInput } from "./state/registration";

export const DEFAULT_CAMPUS_ORIGIN = "http://campus.localhost:4000";

// Defaults match .env.example so that `npm run campus` works without a .env file.
const campusEnvSchema = z.object({
  CAMPUS_PORT: z.coerce.number().int().min(1).max(65535).default(4000),
  // An address to listen on, such as 0.0.0.0 or :: in a container; unset, loopback only (policy.ts).
  CAMPUS_HOST: z.union([z.ipv4(), z.ipv6(), z.hostname()]).optional(),
  CAMPUS_ORIGIN: z.url({ protocol: /^https?$/ }).default(DEFAULT_CAMPUS_ORIGIN),
  CAMPUS_REGISTRATION: z.string().min(1).default("campus/registration.json"),
});

export type CampusConfig = {
  port: number;
  /** The addresses the server listens on: loopback unless CAMPUS_HOST says otherwise. */
  hosts: string[];
  /** The origin of the campus page and of its REST API (spec: {campus_origin} and {base_url}). */
  origin: string;
  registrationPath: string;
};

export function readCampusConfig(env: Record<string, string | undefined>): CampusConfig {
  // An empty variable means "unset", as in a copied .env.example with a blanked line.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = campusEnvSchema.safeParse(present);
  if (!parsed.success) throw new CampusConfigError(`Invalid campus environment: ${describeIssues(parsed.error)}`);
  return {
    port: parsed.data.CAMPUS_PORT,
    hosts: parsed.data.CAMPUS_HOST === undefined ? [...DEFAULT_LISTEN_HOSTS] : [parsed.data.CAMPUS_HOST],
    origin: new URL(parsed.data.CAMPUS_ORIGIN).origin,
    registrationPath: path.resolve(parsed.data.CAMPUS_REGISTRATION),
  };
}

/** Validates a registration object, naming the first bad field and where it came from. */
export function parseRegistration(input: unknown, campusOrigin: string, source: string): RegistrationInput {
  const parsed = createRegistrationSchema(campusOrigin).safeParse(input);
  if (!parsed.success) throw new CampusConfigError(`Invalid registration in ${source}: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

export function readRegistrationFile(filePath: string, campusOrigin: string): RegistrationInput {
  let text: string;
  try {
    text = readFileSync(filePath, "utf8");
  } catch (error) {
    throw new CampusConfigError(`Cannot read the registration file ${filePath}: ${describeError(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CampusConfigError(`The registration file ${filePath} is not JSON: ${describeError(error)}`);
  }
  return parseRegistration(json, campusOrigin, filePath);
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
