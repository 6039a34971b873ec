// Child process for the durability test: commits rows one by one on an embedded database and
// reports each committed id on stdout, until it is killed.
import { sql } from "drizzle-orm";
import { openDatabase } from "~/db/database.server";

const dir = process.argv[2]!;
const database = await openDatabase({ kind: "pglite", dataDir: dir });
await database.migrate();
console.log("ready");
for (let i = 0; ; i++) {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into site_settings (key, value) values (${`k${i}`}, ${JSON.stringify({ i })}::jsonb)`);
  });
  console.log(`committed k${i}`);
}
