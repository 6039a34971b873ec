/**
 * Runs `then` in a task after the next frame has been produced (the frame's callback, then a task
 * after it): work a tap sets off but its answer does not need waits until that answer is on screen.
 * Returns a function that cancels it if it has not run yet. Without frames (on the server, in a
 * test without a DOM) it runs at once.
 */
export function afterNextFrame(then: () => void): () => void {
  if (typeof requestAnimationFrame !== "function") {
    then();
    return () => {};
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(then, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
