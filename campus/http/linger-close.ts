import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

export type LingerLimits = {
  /** Close once nothing has arrived for this long. */
  idleMs: number;
  /** Close this long after the answer at the latest, however much still arrives. */
  maxMs: number;
};

const lingering = new WeakSet<Socket>();

/**
 * Half-closes (the answer, then FIN), and closes for good once the client closes its side or a
 * limit is reached. Node's HTTP parser keeps reading the socket meanwhile, and refreshes its idle
 * timer on every chunk.
 */
function closeLingering(socket: Socket, limits: LingerLimits): void {
  if (socket.destroyed || lingering.has(socket)) return;
  lingering.add(socket);
  const close = () => {
    clearTimeout(deadline);
    socket.destroy();
  };
  const deadline = setTimeout(close, limits.maxMs);
  deadline.unref();
  socket.setTimeout(limits.idleMs, close);
  socket.once("end", close);
  socket.once("close", () => clearTimeout(deadline));
  socket.end();
  if (socket.readableEnded) close();
}

/** The rest of a body the answer did not wait for is read and dropped, not left paused in a reader. */
function dropUnreadBody(request: IncomingMessage, response: ServerResponse): void {
  response.once("finish", () => {
    if (request.complete) return;
    request.removeAllListeners("data");
    request.resume();
  });
}

/**
 * RFC 9112 9.6, lingering close. A server that closes a connection while its client is still
 * sending makes its own TCP stack answer the rest with a reset, and the reset can reach the client
 * before the client has read the answer (a 413 during a 5 MB upload then reads as ECONNRESET).
 * Node's HTTP server closes the connection of an answer that says `Connection: close` (every
 * refused body on the campus) through `socket.destroySoon`, which destroys the socket as soon as
 * the answer is written; on the campus's server it closes lingering instead, and what the client
 * still sends is read and dropped until it closes its side or a limit is reached (policy.ts).
 */
export function closeConnectionsLingering(server: Server, limits: LingerLimits): void {
  server.on("connection", (socket: Socket) => {
    socket.destroySoon = () => closeLingering(socket, limits);
  });
  server.on("request", dropUnreadBody);
}
