// npm run user:create -- --email <email> --password <password> --role <role> [--role <role> ...]
import { parseArgs } from "node:util";
import { staffUserInput, upsertStaffUser } from "~/modules/staff/staff-users.server";
import { withServices } from "./cli-services";

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

const parsed = staffUserInput.safeParse({ email: args.email ?? "", password: args.password ?? "", roles: args.role ?? [] });
if (!parsed.success) {
  const issue = parsed.error.issues[0]!;
  const field = issue.path[0] === "roles" ? "--role" : `--${String(issue.path[0])}`;
  usageError(`${field}: ${issue.message}`);
}

await withServices(async ({ db, auth }) => {
  const { id, created } = await upsertStaffUser(db, auth, parsed.data);
  console.log(`${created ? "created" : "updated"} ${parsed.data.email} (${id}) with roles: ${parsed.data.roles.join(", ")}`);
}).catch(() => process.exit(1));
