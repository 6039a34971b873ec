// `npm test` runs this once, before the test stages that run side by side: each stage's global
// setup would otherwise find no snapshot on a clean clone and make the same ones at the same time.
import prepareSnapshots from "./integration-setup";

await prepareSnapshots();
