// Two sites to the browser: the app and the campus that frames it.
export const APP_ORIGIN = "http://app.localhost:3000";
export const CAMPUS_ORIGIN = "http://campus.localhost:4000";
// Server-to-server address of the campus (its control API for tests).
export const CAMPUS_API = "http://127.0.0.1:4000";
