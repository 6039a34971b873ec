// Staff sign-in over HTTP, kept apart from admin-server (which loads the database and the seed):
// browser test files that only need a signed-in page import this alone.

/** Signs in through the login form's endpoint; returns the Cookie header for later requests. */
export async function signInOverHttp(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "password", email, password }),
  });
  if (res.status !== 302 || res.headers.get("location") !== "/admin/dashboard") throw new Error(`sign-in of ${email} answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
