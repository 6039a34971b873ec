// npm run user:create -- --email <email> --password <password> --role <role> [--role <role> ...]
// Works whether or not the shop is running (see onShopOrDirect in cli-services.ts).
import { parseArgs } from "node:util";
import { ControlError, createStaffUser, parseUserCreateInput, type UserCreateResult } from "~/modules/ops/ops.server";
import { onShopOrDirect } from "./cli-services";

function usageError(message: string): never {
  console.error(`user:create: ${message}`);
  process.exit(2);
}

let args;
try {
  args = parseArgs({
    options: { email: { type: "string" }, password: { type: "string" }, role: { type: "string", multiple: true } },
    strict: true,
  }).values;
} catch (error) {
  usageError(error instanceof Error ? error.message : String(error));
}

const parsed = parseUserCreateInput({ email: args.email ?? "", password: args.password ?? "", roles: args.role ?? [] });
if (!parsed.ok) usageError(parsed.message);

try {
  const done = await onShopOrDirect<UserCreateResult>("user:create", parsed.data, (services) => createStaffUser(services, parsed.data), { seed: true });
  console.log(`${done.created ? "created" : "updated"} ${done.email} (${done.id}) with roles: ${done.roles.join(", ")}`);
} catch (error) {
  if (error instanceof ControlError) {
    if (error.kind === "invalid") usageError(error.message);
    console.error(`user:create: ${error.message}`);
  }
  process.exit(1);
}
