// The answers of the sign-in flows, shared by the server faces and the pages.
export const INVALID_CREDENTIALS = "Invalid email or password.";
export const RESET_REQUESTED = "If that email exists, a link is on its way.";
