import { data } from "react-router";

/**
 * A form post's fields. A body that is not a form (JSON, garbage sent by hand) makes
 * `request.formData()` throw: that is the sender's mistake, answered 400, not a server error.
 */
export async function formFields(request: Request): Promise<Record<string, FormDataEntryValue>> {
  try {
    return Object.fromEntries(await request.formData());
  } catch {
    throw data({ error: "This form could not be read. Please reload the page and try again." }, { status: 400 });
  }
}
