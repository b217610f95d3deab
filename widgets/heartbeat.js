// Tells the child when their page has lost its class: the server stopped, the network went,
// or the kernel is gone. Every few seconds the page asks the kernel "still there?"; with
// no answer for a while a banner says so, and it goes away when answers come again.
// Plain ES module for anywidget; words come from the kernel, set as text only.

const EVERY_MS = 4000;
const LOST_AFTER_MS = 12000;

// The page's own kernel, as Voila's page names it (absent in a notebook).
function pageKernel() {
  try {
    const config = JSON.parse(document.getElementById("jupyter-config-data").textContent);
    return config.kernelId ? { base: config.baseUrl || "/", kernel: config.kernelId } : null;
  } catch (error) {
    return null;
  }
}

function render({ model, el }) {
  const banner = document.createElement("div");
  banner.className = "sq2-lost";
  banner.setAttribute("role", "alert");
  banner.hidden = true;
  el.append(banner);
  let answered = Date.now();
  let asked = 0;
  // Why the server stopped this page's kernel, once it has said ("memory"), else "".
  let stopped = "";
  let askedWhy = 0;

  function say() {
    const words = model.get("words") || {};
    banner.textContent = (stopped && words[stopped]) || words.lost || "";
  }

  // A lost page asks the class server (for its own kernel only) whether it was stopped, or
// whether the server is a new one.
  function askWhy() {
    const page = pageKernel();
    if (!page || stopped || Date.now() - askedWhy < LOST_AFTER_MS) {
      return;
    }
    askedWhy = Date.now();
    fetch(`${page.base.replace(/\/?$/, "/")}sq2edu/page/${page.kernel}`, {
      credentials: "same-origin",
      cache: "no-store",
    })
      // A server that answers but refuses the page's own question does not know the page:
      // it was started again since, and the page's kernel went with the old one. Only a
      // reload brings the child back (their name and finds are in the store).
      .then((answer) => {
        if (answer.status === 403 || answer.status === 404) {
          return { stopped: "restarted" };
        }
        return answer.ok ? answer.json() : {};
      })
      .then((state) => {
        if (state && typeof state.stopped === "string" && state.stopped) {
          stopped = state.stopped;
          el.dataset.stopped = stopped;
          say();
        }
      })
      .catch(() => {});
  }

  function check() {
    const lost = !navigator.onLine || Date.now() - answered > LOST_AFTER_MS;
    if (lost !== !banner.hidden) {
      say();
      banner.hidden = !lost;
    }
    if (lost) {
      askWhy();
    }
    el.dataset.connected = lost ? "false" : "true";
    // What on the page would read as live (the dashboard's "Updated at …") hides meanwhile.
    document.body.classList.toggle("sq2-page-lost", lost);
  }

  model.on("msg:custom", (content) => {
    if (content && content.pong !== undefined) {
      answered = Date.now();
      check();
    }
  });
  // The language the child chose stays on this device for the class's next page (read by
  // the class server, which tells the kernel; only a known language code is kept).
  function keepLanguage() {
    const chosen = model.get("chosen") || "";
    if (/^[a-z]{2}$/.test(chosen)) {
      document.cookie = `sq2edu-language=${chosen}; path=/; max-age=${400 * 86400}; samesite=lax`;
    }
  }
  keepLanguage();
  model.on("change:chosen", keepLanguage);
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
