import { describe, expect, it } from "vitest";
import { routeErrorView } from "./route-error";

// A loader's thrown data() reaches a boundary as an ErrorResponse: status, statusText, internal, data.
function responseError(status: number, body: unknown) {
  return { status, statusText: "", internal: false, data: body };
}

describe("routeErrorView", () => {
  it("shows the loader's own message with its status", () => {
    expect(routeErrorView(responseError(404, { error: "No collection with that id." }))).toEqual({ status: 404, message: "No collection with that id." });
  });

  it("says a plain sentence for a bare 404 and for an unexpected error, never the error's own text", () => {
    expect(routeErrorView(responseError(404, null))).toEqual({ status: 404, message: "There is nothing at this address." });
    expect(routeErrorView(new Error("connection refused at 10.0.0.3"))).toEqual({ status: 500, message: "Something went wrong. Please try again." });
  });
});
