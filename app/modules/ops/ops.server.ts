// The ops module's face for server code: the only file of it that code outside the module imports
// (besides ops.ts, its browser-safe face).
export { callControlSocket, ControlError, ControlUnavailable, serveControlSocket } from "./control-socket.server";
export { createStaffUser, parseUserCreateInput, shopCommands, type UserCreateResult } from "./shop-commands.server";
