// @vitest-environment happy-dom
import { act, Component, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { preloadModule, useDeferredModule } from "./use-deferred-module";

// A panel's code loads after the frame that answers its opening: never in the tap's own render
// (where the bundler's preloading held that frame up), and once loaded it is there at once.

declare global {
  // React's test mode: act() flushes effects and renders before it returns.
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let container: HTMLElement;
let root: Root;

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

/** A loader (a Vitest mock, so its calls are counted) that resolves when told. */
function controlledLoader<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const load = vi.fn(
    () =>
      new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      }),
  );
  return { load, resolve: (v: T) => resolve(v), reject: (e: unknown) => reject(e) };
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

function Panel({ load, open }: { load: () => Promise<string>; open: boolean }) {
  const text = useDeferredModule(load, open);
  return <p data-testid="panel">{text ?? (open ? "loading" : "closed")}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: unknown) {
    return { error: String(error) };
  }
  override render() {
    return this.state.error ? <p data-testid="panel">{`failed: ${this.state.error}`}</p> : this.props.children;
  }
}

const shown = () => container.querySelector('[data-testid="panel"]')?.textContent;

describe("useDeferredModule", () => {
  it("loads nothing until wanted, shows the loading state in the opening render, and starts loading only after the next frame", async () => {
    const loader = controlledLoader<string>();
    act(() => root.render(<Panel load={loader.load} open={false} />));
    expect(shown()).toBe("closed");
    expect(loader.load).toHaveBeenCalledTimes(0);

    act(() => root.render(<Panel load={loader.load} open />));
    expect(shown()).toBe("loading");
    // The opening render and its effects are done: the loader has not been called in them.
    expect(loader.load).toHaveBeenCalledTimes(0);

    await act(nextFrame);
    expect(loader.load).toHaveBeenCalledTimes(1);
    expect(shown()).toBe("loading");

    await act(async () => loader.resolve("the real panel"));
    expect(shown()).toBe("the real panel");
  });

  it("gives a module loaded before (ahead of need, or by an earlier opening) at once, without loading it again", async () => {
    const loader = controlledLoader<string>();
    const ahead = preloadModule(loader.load);
    loader.resolve("warmed");
    await ahead;
    act(() => root.render(<Panel load={loader.load} open />));
    expect(shown()).toBe("warmed");
    await act(nextFrame);
    expect(loader.load).toHaveBeenCalledTimes(1);
  });

  it("does not load when the panel is closed again before the frame", async () => {
    const loader = controlledLoader<string>();
    act(() => root.render(<Panel load={loader.load} open />));
    act(() => root.render(<Panel load={loader.load} open={false} />));
    await act(nextFrame);
    expect(loader.load).toHaveBeenCalledTimes(0);
    expect(shown()).toBe("closed");
  });

  it("fails as React's lazy() does when the module cannot be loaded: the error boundary shows it", async () => {
    const loader = controlledLoader<string>();
    act(() =>
      root.render(
        <Boundary>
          <Panel load={loader.load} open />
        </Boundary>,
      ),
    );
    await act(nextFrame);
    const quiet = console.error;
    console.error = () => {};
    try {
      await act(async () => loader.reject(new Error("chunk gone")));
    } finally {
      console.error = quiet;
    }
    expect(shown()).toBe("failed: Error: chunk gone");
  });
});
