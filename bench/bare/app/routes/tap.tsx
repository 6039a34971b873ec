import { useState } from "react";

// The floor of a tap for npm run bench: the least a React Router page can do to answer one, a
// button whose state puts a small panel on screen. Its own route, so the bare page at / stays
// exactly the framework's floor for Lighthouse and script size.
export default function Tap() {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <h1>Bare tap</h1>
      <button type="button" onClick={() => setOpen(true)}>
        Open panel
      </button>
      {open ? (
        <div role="dialog" aria-label="Bare panel" style={{ position: "fixed", inset: "0 0 0 auto", width: "20rem", background: "white", borderLeft: "1px solid #999", padding: "1rem" }}>
          <p>The panel is open.</p>
        </div>
      ) : null}
    </main>
  );
}
