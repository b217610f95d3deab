// Tells the child when their page has lost its class: the server stopped, the network went,
// or the kernel is gone. Every few seconds the page asks the kernel "still there?"; with
// no answer for a while a banner says so, and it goes away when answers come again.
// Plain ES module for anywidget; words come from the kernel, set as text only.

const EVERY_MS = 4000;
const LOST_AFTER_MS = 12000;

function render({ model, el }) {
  const banner = document.createElement("div");
  banner.className = "sq2-lost";
  banner.setAttribute("role", "alert");
  banner.hidden = true;
  el.append(banner);
  let answered = Date.now();
  let asked = 0;

  function say() {
    const words = model.get("words") || {};
    banner.textContent = words.lost || "";
  }

  function check() {
    const lost = !navigator.onLine || Date.now() - answered > LOST_AFTER_MS;
    if (lost !== !banner.hidden) {
      say();
      banner.hidden = !lost;
    }
    el.dataset.connected = lost ? "false" : "true";
  }

  model.on("msg:custom", (content) => {
    if (content && content.pong !== undefined) {
      answered = Date.now();
      check();
    }
  });
  model.on("change:words", say);
  const ping = setInterval(() => {
    try {
      model.send({ ping: ++asked });
    } catch (error) {
      // The connection itself is gone: the banner shows after the wait.
    }
    check();
  }, EVERY_MS);
  window.addEventListener("offline", check);
  window.addEventListener("online", check);
  return () => {
    clearInterval(ping);
    window.removeEventListener("offline", check);
    window.removeEventListener("online", check);
  };
}

export default { render };
