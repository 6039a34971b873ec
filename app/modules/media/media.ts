// The media module's browser-safe face: its rules and types for code outside the module, browser
// code included. Server code of the module is reached through media.server.ts.
export { type ImageOptions, mediaUrl, PLACEHOLDER_IMAGE, srcSet, widthSrcSet } from "./paths";
export { ALLOWED_TYPES, MAX_UPLOAD_BYTES, TOO_LARGE_MESSAGE, uploadProblem } from "./upload-rules";
