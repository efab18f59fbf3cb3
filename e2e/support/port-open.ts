import { connect } from "node:net";

/** Whether something accepts connections on the loopback port: the readiness of a server with no health URL (Redis). */
export function portOpen(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = connect({ host: "127.0.0.1", port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}
