// The ops module's face: the only file of it that code outside the module imports (it has no
// browser-safe rules for others).
export { callControlSocket, ControlError, ControlUnavailable, serveControlSocket } from "./control-socket.server";
export { createStaffUser, parseUserCreateInput, shopCommands, type UserCreateResult } from "./shop-commands.server";
export { BackupError, dumpEmbeddedDatabase, readBackup, restoreBackup, writeBackup, type BackupManifest, type RestoreResult } from "./backup.server";
