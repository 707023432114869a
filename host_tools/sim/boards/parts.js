// Pieces every board module draws with: elements, and the board's push buttons.

export function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// A wide button for key number k named `name` (MENU, OK, …): pressed while the main
// pointer is down on it; press(k) and release(k) close and open its contact.
export function makeButton(k, name, press, release) {
  const b = el("button", "key wide");
  b.type = "button";
  b.dataset.key = k;
  b.dataset.name = name;
  b.append(el("span", "key-name", name));
  b.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;   // a finger, a pen or the main mouse button
    b.setPointerCapture?.(e.pointerId);
    press(k);
    e.preventDefault();
  });
  b.addEventListener("pointerup", () => release(k));
  b.addEventListener("pointercancel", () => release(k));
  return b;
}
