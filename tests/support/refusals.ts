import { refusalOf } from "~/lib/save-outcome";

/**
 * The refusal a module call threw, as the one refusal table answers it ({ ok: false, status,
 * error, ... }). A call that succeeds, or throws anything but a refusal (a fault), fails the test.
 */
export async function refusalThrownBy(call: Promise<unknown>): Promise<ReturnType<typeof refusalOf>> {
  let thrown: unknown;
  try {
    await call;
  } catch (error) {
    thrown = error;
  }
  if (thrown === undefined) throw new Error("expected a refusal, but the call succeeded");
  const refusal = refusalOf(thrown);
  if (!refusal) throw thrown;
  return refusal;
}
