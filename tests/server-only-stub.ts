// Lets Vitest import modules marked `server-only` (they are server code; tests run on the server).
export {};
