// Two sites to the browser: the app and the campus that frames it.
export const APP_ORIGIN = "http://app.localhost:3000";
export const CAMPUS_ORIGIN = "http://campus.localhost:4000";
// Server-to-server address of the campus (its control API for tests).
export const CAMPUS_API = "http://127.0.0.1:4000";
// The same two servers as seen from the test runner, which cannot resolve *.localhost names.
export const APP_SERVER = "http://127.0.0.1:3000";
