// The card table of sq2edu: draws the state the kernel sends and sends back intents.
// Plain ES module for anywidget: no build step, no imports from the network.
// Every word shown comes from the kernel, already translated (catalog.words and each
// action's label); text is always set with textContent, never parsed as HTML.

// Every word comes from the kernel (catalog.words), already translated; "{name}" slots are
// filled here.
function fill(template, params) {
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

const SIGNS = ["+", "−", "×", "÷"];
// Choices drawn as plain buttons, so that the ones that move the game on stand out.
const QUIET = new Set(["end-actions", "decline", "classic-discard", "classic-discard-pair", "classic-no-block"]);
const SIGN_WORDS = { "+": "plus", "−": "minus", "×": "times", "÷": "dividedBy" };
const KNIGHT_EMOJI = { red: "🔴", blue: "🔵", white: "⚪", black: "⚫", purple: "🟣", green: "🟢" };

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  // Rows of rows (a knight's buttons per card) nest arrays more than one level deep.
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// Pictures and marks in a button's words are for the eyes: a screen reader reads the words
// ("Hint", not "light bulb Hint").
const PICTURES = /([\p{Extended_Pictographic}\u2713\u2714\u2717\u279C\u25B6\uFE0F\u200D]+)/u;

function words(text) {
  return String(text).split(PICTURES).filter(Boolean).map((part) => (PICTURES.test(part)
    ? h("span", { class: "sq2-icon", "aria-hidden": "true" }, part)
    : document.createTextNode(part)));
}

function newBuilder() {
  return { slots: [null, null], result: null, rest: null, op: null, active: 0, adjust: null, typing: false, typed: "" };
}

// The half-built equation of each table, kept when its view is drawn anew (the page is
// redrawn when the child switches language): the child does not lose what she built.
const KEPT = new Map();

function render({ model, el }) {
  const kept = KEPT.get(model.model_id);
  let builder = kept ? kept.builder : newBuilder();
  let builderKey = kept ? kept.builderKey : "";
  let howTurn = null; // the turn in which the how-to-play was last seen
  let version = 0;
  let keyboard = false; // the child moves with the keyboard: keep a button focused for them
  const uid = Math.random().toString(36).slice(2, 8);
  const root = h("div", { class: "sq2-table" });
  // Screen readers announce changes to live regions that already exist: these two stay put
  // while the table below is redrawn, and change only when there is something new to say.
  const spoken = h("div", { class: "sq2-visually-hidden", "aria-live": "polite" });
  const warned = h("div", { class: "sq2-visually-hidden", role: "alert" });
  el.append(root, spoken, warned);
  let lastSpoken = "";
  let lastWarned = "";

  const send = (intent) => model.send(intent);
  const act = (action) => send({ intent: "act", action });

  function catalog() {
    return model.get("catalog") || { cards: {}, knights: {} };
  }
  function t(key, params = {}) {
    const words = catalog().words || {};
    return fill(words[key] || key, params);
  }
  // How a sign looks to this child: × is · and ÷ is : in Russian and Norwegian schools.
  function shown(sign) {
    return (catalog().signs || {})[sign] || sign;
  }
  function card(id) {
    return catalog().cards[id] || { name: id, kind: "?", emoji: "" };
  }
  function cardLabel(id, extra) {
    const c = card(id);
    const parts = [c.name];
    if (extra) parts.push(extra);
    if (c.symbol_name) parts.push(t("symbol", { symbol: c.symbol_name }));
    return parts.join(", ");
  }

  // A card's name is read at 13 px, on at most two lines, never broken inside a word: a card
  // whose name needs more room than the card has is drawn wider (Sjøstjernedronningen,
  // Королева Воздушных Змеев). The width is the least that holds the name on two lines, the
  // break at a space or after a hyphen of the name; the browser then breaks it no worse.
  const NAME_PX = 13;
  const nameWidths = new Map();
  let measure = null;
  function nameWidth(name) {
    const text = String(name).replace(/\u00ad/g, "");
    if (nameWidths.has(text)) return nameWidths.get(text);
    measure = measure || document.createElement("canvas").getContext("2d");
    measure.font = `${NAME_PX}px ${getComputedStyle(root).fontFamily || "system-ui, sans-serif"}`;
    const width = (line) => measure.measureText(line.trim()).width;
    let least = width(text);
    for (let at = 1; at < text.length; at++) {
      if (text[at - 1] !== " " && text[at - 1] !== "-") continue;
      least = Math.min(least, Math.max(width(text.slice(0, at)), width(text.slice(at))));
    }
    nameWidths.set(text, least);
    return least;
  }

  function cardFace(id, { asleep = false, hidden = false } = {}) {
    if (hidden) {
      return h("span", { class: "sq2-face sq2-back", "aria-hidden": "true" }, "💤");
    }
    const c = card(id);
    const parts = String(c.name).split(/[\s\u00ad-]/);
    const longest = Math.max(0, ...parts.map((part) => part.length));
    // The name's width, its padding and the face's border, and a pixel or two the canvas and
    // the page may round apart.
    const room = c.kind === "number" ? 0 : Math.ceil(nameWidth(c.name)) + 14;
    const face = h("span", { class: `sq2-face sq2-${c.kind}${asleep ? " sq2-asleep" : ""}`, "aria-hidden": "true", style: `--sq2-longest: ${Math.max(longest, 1)}; --sq2-name-room: ${room}px` });
    if (c.kind === "number") {
      face.append(h("span", { class: "sq2-number" }, String(c.value)));
    } else {
      face.append(h("span", { class: "sq2-emoji" }, c.emoji || "🂠"));
      face.append(h("span", { class: "sq2-name", lang: catalog().lang || null }, c.name));
      if (c.symbol_emoji) face.append(h("span", { class: "sq2-symbol" }, c.symbol_emoji));
      if (asleep) face.append(h("span", { class: "sq2-zzz" }, "💤"));
    }
    return face;
  }

  // A card drawn as a button when it does something now, else as a plain labelled item.
  // ``choose``: the card is what the prompt asks for (a king to rescue, a card to discard),
  // drawn with a dashed frame so that it stands out from the cards around it.
  function cardItem(id, { label, onclick, key, asleep = false, hidden = false, pressed, choose = false } = {}) {
    const face = cardFace(id, { asleep, hidden });
    if (onclick) {
      const state = pressed === undefined ? undefined : String(pressed);
      return h("button", { class: `sq2-card${choose ? " sq2-choose" : ""}`, "aria-label": label, "data-key": key, "aria-pressed": state, onclick }, face);
    }
    return h("span", { class: "sq2-card sq2-still", role: "img", "aria-label": label }, face);
  }

  function legal(state) {
    return (state.view && state.view.legal_actions) || [];
  }
  function legalOf(state, kind) {
    return legal(state).filter((a) => a.kind === kind);
  }

  function keyOf(action) {
    return "act:" + JSON.stringify(action);
  }

  // ---- the parts of the table ----

  function header(state) {
    const view = state.view;
    const current = view.current_player;
    const mine = state.seat !== null && state.seat === current;
    // While a card is being chosen (a Spell Book's number, cards to throw away, a Knight's
    // queen) the turn's prompt ("…Press Finish when you are done") speaks of a button that is
    // not shown: it says what to do now instead.
    const prompt = mine && (picked || reading || throwing) ? t("pickNow") : view.prompt || "";
    return h("header", { class: "sq2-header" },
      h("div", { class: "sq2-turn" },
        h("span", { class: "sq2-who" }, whoseTurn(state, mine)),
        view.roll && !state.winner ? h("span", { class: "sq2-die", role: "img", "aria-label": t("dieShows", { face: view.roll === "dragon" ? t("dragon") : view.roll }) }, (view.roll === "dragon" ? "🐉" : view.roll)) : null),
      h("p", { class: "sq2-prompt" }, prompt, readAloudButton(prompt, "prompt")),
      (state.away || []).map((name) => h("p", { class: "sq2-away" }, h("span", { "aria-hidden": "true" }, "🤖 "), t("awayPlays", { name }))),
      h("p", { class: "sq2-message" }, state.message || "", readAloudButton(state.message || "", "message")),
      speechNote());
  }

  // Whose turn it is, as the child at this screen lives it: in another player's turn (their
  // Knight at this child's queen, say) the child decides, but it is not "Your turn".
  function whoseTurn(state, mine) {
    const view = state.view;
    if (state.winner) return t("gameOver");
    const holder = view.turn_player;
    if (holder !== undefined && holder !== null && holder !== view.current_player) {
      if (!mine) return t("turnOf", { name: state.names[holder] });
      return view.attack ? t("attacked", { name: state.names[holder] }) : t("yourMoveIn", { name: state.names[holder] });
    }
    return mine ? t("yourTurn") : t("turnOf", { name: state.names[view.current_player] });
  }

  // A <details> that stays open or closed as the child left it when the table is redrawn.
  const unfolded = new Set();
  function folding(key, attrs, ...children) {
    return h("details", { ...attrs, open: unfolded.has(key), ontoggle: (event) => {
      if (event.target.open) unfolded.add(key); else unfolded.delete(key);
    } }, ...children);
  }

  // The table's name, the goal, and how to play: open from the first turn.
  function topBar(state) {
    const guide = state.guide || null;
    return h("div", { class: "sq2-top" },
      h("h2", { class: "sq2-title" }, guide ? guide.title : ""),
      state.goal ? h("p", { class: "sq2-goal" }, words(state.goal)) : null,
      state.tips ? null : h("button", { class: "sq2-small-button", "data-key": "tips", onclick: () => send({ intent: "tips" }) }, t("tipsOn")),
      guide ? howToPlay(guide) : null);
  }

  // The coach of a first game: what to do now, in a sentence or two.
  function tip(state) {
    // While a card is being aimed or chosen, the prompt beside it says what to do: the tip
    // of the turn ("No King? Throw away cards…") would speak of another moment.
    if (!state.tip || picked || reading || throwing || giving) return null;
    return h("div", { class: "sq2-tip", role: "note", "aria-label": t("tip") },
      h("span", { class: "sq2-coach", "aria-hidden": "true" }, "🦉"),
      h("p", {}, state.tip),
      readAloudButton(state.tip, "tip"),
      h("button", { class: "sq2-small-button", "data-key": "tips", onclick: () => send({ intent: "tips" }) }, t("tipsOff")));
  }

  function howToPlay(guide) {
    return folding("how", { class: "sq2-how" },
      h("summary", { "data-key": "how" }, words(guide.open)),
      h("ol", {}, guide.steps.map((step) => h("li", {},
        h("span", { class: "sq2-small sq2-example", "aria-hidden": "true" },
          step.cards.length
            ? step.cards.map((id) => (id === "+" || id === "=" ? h("span", { class: "sq2-sign" }, id) : cardFace(id)))
            : h("span", { class: "sq2-die" }, "🎲")),
        h("span", {}, step.text)))));
  }

  function centre(state) {
    const view = state.view;
    const takeSlots = new Map(legalOf(state, "take-companion").map((a) => [a.slot, a]));
    const grid = h("div", { class: "sq2-grid", role: "group", "aria-label": t("companions") });
    view.grid.forEach((place, index) => {
      const action = takeSlots.get(index);
      const label = place.card ? cardLabel(place.card, t("faceUp")) : place.occupied ? t("faceDown", { place: index + 1 }) : t("emptyPlace", { place: index + 1 });
      if (place.card) grid.append(cardItem(place.card, { label }));
      else if (place.occupied) {
        const back = h("span", { class: "sq2-face sq2-back", "aria-hidden": "true" }, h("span", { class: "sq2-emoji" }, "❓"), h("span", { class: "sq2-name" }, `${index + 1}`));
        grid.append(action
          ? h("button", { class: "sq2-card sq2-choose", "aria-label": label, "data-key": keyOf(action), onclick: () => act(action) }, back)
          : h("span", { class: "sq2-card sq2-still", role: "img", "aria-label": label }, back));
      } else grid.append(h("span", { class: "sq2-card sq2-gap", role: "img", "aria-label": label }));
    });
    const kingActions = new Map(legalOf(state, "take-king").map((a) => [a.king, a]));
    const kings = h("div", { class: "sq2-row", role: "group", "aria-label": t("kingsWaiting") },
      view.kings.map((id) => {
        const action = kingActions.get(id);
        return cardItem(id, { label: cardLabel(id), onclick: action ? () => act(action) : null, key: action ? keyOf(action) : null, choose: Boolean(action) });
      }));
    return h("section", { class: "sq2-centre", "aria-label": t("middle") },
      ...piles(state),
      h("div", { class: "sq2-area sq2-small" }, h("h3", {}, t("companions")), grid),
      h("div", { class: "sq2-area sq2-small" }, h("h3", {}, t("kingsWaiting")), kings));
  }

  function piles(state) {
    const view = state.view;
    const top = view.discard.length ? view.discard[view.discard.length - 1] : null;
    return [
      h("div", { class: "sq2-piles sq2-small" },
        h("div", { class: "sq2-pile" }, h("span", { class: "sq2-face sq2-back sq2-deck", "aria-hidden": "true" }, String(view.deck_size)), h("span", {}, t("drawPile"), h("br"), state.texts.deck)),
        h("div", { class: "sq2-pile" }, top ? cardItem(top, { label: `${t("discardPile")}: ${cardLabel(top)}` }) : h("span", { class: "sq2-card sq2-gap" }), h("span", {}, t("discardPile"), h("br"), state.texts.discard))),
      view.discard.length > 1 ? folding("discard", { class: "sq2-browse" },
        h("summary", { "data-key": "look-through" }, t("lookThrough")),
        h("div", { class: "sq2-row sq2-small", role: "group", "aria-label": t("discardPile") },
          [...view.discard].reverse().map((id) => cardItem(id, { label: cardLabel(id) })))) : null,
    ];
  }

  function realm(state, seat) {
    const view = state.view;
    const player = view.players[seat];
    const own = seat === state.seat;
    const current = seat === view.current_player;
    const discards = own ? new Map(legalOf(state, "discard").map((a) => [a.card, a])) : new Map();
    const building = own && buildable(state) && !builder.typing;
    const inEquation = new Set([...builder.slots, builder.result].filter(Boolean));
    const items = [];
    // The card a keyboard starts on when the child must discard: a number card (else any card
    // that is not an awake queen), never a queen that a quick Enter would throw away.
    const discardable = [...player.realm].filter((id) => discards.has(id));
    const lead = discardable.find((id) => card(id).kind === "number") || discardable.find((id) => card(id).kind !== "queen") || null;
    for (const id of player.realm) {
      const c = card(id);
      const isQueen = c.kind === "queen";
      const label = cardLabel(id, isQueen ? t("awake") : null);
      let onclick = null;
      let key = null;
      if (discards.has(id)) {
        onclick = () => act(discards.get(id));
        key = keyOf(discards.get(id));
      } else if (building && c.kind === "number") {
        onclick = () => placeCard(id);
        key = "build:" + id;
      }
      const item = cardItem(id, { label: discards.has(id) ? t("discardIt", { card: label }) : label, onclick, key, pressed: building && c.kind === "number" ? inEquation.has(id) : undefined, choose: discards.has(id) });
      if (id === lead) item.dataset.lead = "";
      items.push(item);
    }
    if (Array.isArray(player.sleeping)) {
      for (const id of player.sleeping) {
        const label = cardLabel(id, t("sleeping"));
        const action = discards.get(id);
        items.push(cardItem(id, { label: action ? t("discardIt", { card: label }) : label, asleep: true, onclick: action ? () => act(action) : null, key: action ? keyOf(action) : null, choose: Boolean(action) }));
      }
    } else {
      for (let i = 0; i < player.sleeping; i++) items.push(cardItem("", { label: t("sleepingQueen"), hidden: true }));
    }
    const knight = player.knight;
    return h("section", { class: `sq2-realm${current ? " sq2-current" : ""}${own ? " sq2-own" : ""}`, "aria-label": t("realmOf", { name: player.name }) },
      h("h3", {}, current ? "▶ " : "", player.name, h("span", { class: "sq2-count" }, ` · ${realmCount(state, player)}`)),
      knight ? h("p", { class: `sq2-knight sq2-knight-${knight}` }, `${KNIGHT_EMOJI[knight] || ""} ${catalog().knights[knight] || knight}`) : null,
      h("div", { class: "sq2-row", role: "group", "aria-label": t("cardsOf", { name: player.name }) }, items.length ? items : h("span", { class: "sq2-nothing" }, "—")),
      h("div", { class: "sq2-row sq2-small", role: "group", "aria-label": t("keptOf", { name: player.name }) },
        player.companions.map((id) => cardItem(id, { label: cardLabel(id, t("companion")) })),
        player.kings.map((id) => cardItem(id, { label: cardLabel(id, t("rescued")) })),
        Array.isArray(player.drawn) ? player.drawn.map((id) => cardItem(id, { label: cardLabel(id, t("justDrawn")) })) : null));
  }

  // Cards in a realm against the number kept at the end of a turn ("4/5"); more than that
  // (drawn this turn) says how many are kept, and at the end of the game only the count
  // stands: "7/5" read as seven of five.
  function realmCount(state, player) {
    const count = player.realm.length + (Array.isArray(player.sleeping) ? player.sleeping.length : player.sleeping);
    if (state.winner || player.limit == null) return `${count}`;
    if (count > player.limit) return t("overLimit", { count, limit: player.limit });
    return `${count}/${player.limit}`;
  }

  // ---- the equation builder ----

  function builderOpen(state) {
    return Boolean(state.builder);
  }

  // The number cards of the child deciding now: an equation needs three of them.
  function myNumbers(state) {
    const mine = state.view.players[state.seat];
    return (mine.realm || mine.hand || []).filter((id) => card(id).kind === "number");
  }

  function buildable(state) {
    return builderOpen(state) && myNumbers(state).length >= 3;
  }

  // A division with a remainder has a place for what is left over, after the answer.
  function restOn() {
    const state = model.get("state");
    return Boolean(state && state.view && state.view.rest);
  }

  function firstEmpty() {
    const index = builder.slots.indexOf(null);
    if (index >= 0) return index;
    if (builder.result === null) return "result";
    return restOn() && builder.rest === null ? "rest" : "result";
  }

  // A card put in the equation brings Check into view: below a realm of queens, companions
  // and kings it is below the fold of a laptop. The nearest scroll keeps the cards in view.
  function checkInView() {
    const check = root.querySelector("[data-key='check']");
    if (!check) return;
    const box = check.getBoundingClientRect();
    if (box.bottom > window.innerHeight || box.top < 0) check.scrollIntoView({ block: "nearest" });
  }

  function placeCard(id) {
    const all = [...builder.slots, builder.result, builder.rest];
    if (!all.includes(id)) requestAnimationFrame(checkInView);
    if (all.includes(id)) {
      builder.slots = builder.slots.map((s) => (s === id ? null : s));
      if (builder.result === id) builder.result = null;
      if (builder.rest === id) builder.rest = null;
      if (builder.adjust && builder.adjust.card === id) builder.adjust = null;
    } else if (builder.active === "rest" && restOn()) {
      builder.rest = id;
      builder.active = firstEmpty();
    } else if (builder.active === "result") {
      builder.result = id;
      builder.active = firstEmpty();
    } else {
      let index = typeof builder.active === "number" && builder.slots[builder.active] === null ? builder.active : builder.slots.indexOf(null);
      if (index < 0) {
        if (builder.result === null) builder.result = id;
        else if (restOn() && builder.rest === null) builder.rest = id;
        else return redraw();
      } else builder.slots[index] = id;
      builder.active = firstEmpty();
    }
    redraw();
  }

  function slotButton(id, active, label, onclick, key) {
    const c = id ? card(id) : null;
    const adjusted = id && builder.adjust && builder.adjust.card === id ? builder.adjust.by : 0;
    const shown = c ? String(c.value + adjusted) : "?";
    return h("button", { class: `sq2-slot${active ? " sq2-active" : ""}${id ? "" : " sq2-open"}`, "aria-label": label, "data-key": key, onclick }, shown, adjusted ? h("small", {}, adjusted > 0 ? " (+1)" : " (−1)") : null);
  }

  function preview() {
    const value = (id) => (id ? card(id).value + (builder.adjust && builder.adjust.card === id ? builder.adjust.by : 0) : "?");
    const left = builder.slots.map(value).join(` ${builder.op ? shown(builder.op) : "?"} `);
    const rest = restOn() ? ` ${t("restWord")} ${value(builder.rest)}` : "";
    return `${left} = ${value(builder.result)}${rest}`;
  }

  function equationBuilder(state) {
    if (!buildable(state)) {
      return h("section", { class: "sq2-builder", "aria-label": t("equation") }, h("p", {}, t("needThree")), verdictBox(state));
    }
    const allowed = state.view.operations || "+−×÷";
    // With one sign allowed there is nothing to choose: a young child should not have to.
    if (!builder.op && [...allowed].length === 1) builder.op = allowed;
    const slotsRow = h("div", { class: "sq2-slots", role: "group", "aria-label": t("yourEquation") });
    builder.slots.forEach((id, index) => {
      if (index > 0) slotsRow.append(h("span", { class: "sq2-sign", "aria-hidden": "true" }, builder.op ? shown(builder.op) : "?"));
      const label = id ? t("slotFull", { place: index + 1, card: card(id).name }) : t("slotEmpty", { place: index + 1 });
      slotsRow.append(slotButton(id, builder.active === index, label, () => { if (id) placeCard(id); else { builder.active = index; redraw(); } }, `slot:${index}`));
    });
    if (builder.slots.length < 5 && !restOn()) {
      slotsRow.append(h("button", { class: "sq2-small-button", "data-key": "add-slot", onclick: () => { builder.slots.push(null); builder.active = builder.slots.length - 1; redraw(); } }, t("addSlot")));
    }
    // "=" and the answer's place wrap to the next line together, never apart (a lone "?" on
    // a line of its own reads as a new question); so do the rest's word and its place.
    slotsRow.append(h("span", { class: "sq2-together" },
      h("span", { class: "sq2-sign", "aria-hidden": "true" }, "="),
      slotButton(builder.result, builder.active === "result", builder.result ? t("answerFull", { card: card(builder.result).name }) : t("answerEmpty"), () => { if (builder.result) placeCard(builder.result); else { builder.active = "result"; redraw(); } }, "slot:result")));
    if (restOn()) {
      slotsRow.append(h("span", { class: "sq2-together" },
        h("span", { class: "sq2-sign sq2-rest-word", "aria-hidden": "true" }, t("restWord")),
        slotButton(builder.rest, builder.active === "rest", builder.rest ? t("restFull", { card: card(builder.rest).name }) : t("restEmpty"), () => { if (builder.rest) placeCard(builder.rest); else { builder.active = "rest"; redraw(); } }, "slot:rest")));
    }

    const signs = h("div", { class: "sq2-signs", role: "group", "aria-label": t("chooseSign") },
      SIGNS.map((sign) => h("button", {
        class: `sq2-sign-button${builder.op === sign ? " sq2-active" : ""}`,
        "aria-label": t(SIGN_WORDS[sign]), "aria-pressed": builder.op === sign ? "true" : "false",
        disabled: !allowed.includes(sign), "data-key": `sign:${sign}`,
        onclick: () => { builder.op = sign; redraw(); },
      }, shown(sign))));

    const placed = [...builder.slots, builder.result, builder.rest].filter(Boolean);
    const knightRow = state.red_knight ? h("div", { class: "sq2-knight-help" },
      h("p", {}, words(`${KNIGHT_EMOJI.red} ${t("knightHelp")}`)),
      placed.length ? h("div", { class: "sq2-row", role: "group", "aria-label": t("knightHelp") },
        placed.map((id) => [1, -1].filter((by) => card(id).value + by >= 1).map((by) => h("button", {
          class: "sq2-small-button", "data-key": `adjust:${id}:${by}`,
          "aria-label": t("countsAs", { card: card(id).name, value: card(id).value + by }),
          "aria-pressed": builder.adjust && builder.adjust.card === id && builder.adjust.by === by ? "true" : "false",
          onclick: () => { builder.adjust = builder.adjust && builder.adjust.card === id && builder.adjust.by === by ? null : { card: id, by }; redraw(); },
        }, `${card(id).name} ${by > 0 ? "+1" : "−1"}`)))) : null) : null;

    const checkBuilt = () => {
      const cards = builder.slots.filter(Boolean);
      send({ intent: "check", cards, result: builder.result, op: builder.op, adjust: builder.adjust, rest: restOn() ? builder.rest : null });
    };
    const ready = builder.slots.filter(Boolean).length >= 2 && builder.result && builder.op;
    const typed = h("form", { class: "sq2-typed", onsubmit: (event) => { event.preventDefault(); send({ intent: "check", text: builder.typed }); } },
      h("label", { for: `sq2-typed-${uid}` }, t("typeHere")),
      h("input", { id: `sq2-typed-${uid}`, type: "text", maxlength: "120", autocomplete: "off", value: builder.typed, "data-key": "typed", oninput: (event) => { builder.typed = event.target.value; } }),
      h("button", { type: "submit", class: "sq2-big", "data-key": "check-typed" }, words(t("checkIt"))));
    const hints = state.hints || { policy: "free", shown: [] };
    return h("section", { class: "sq2-builder", "aria-label": t("equation") },
      h("h3", {}, t("equation")),
      builder.typing ? typed : h("div", { class: "sq2-build" }, slotsRow, h("p", { class: "sq2-visually-hidden", "aria-live": "polite" }, preview()),
        h("div", { class: "sq2-row" }, signs,
          h("button", { class: "sq2-big sq2-primary", disabled: !ready, "data-key": "check", onclick: checkBuilt }, words(t("checkIt"))),
          h("button", { class: "sq2-small-button", "data-key": "clear", onclick: () => { builder = Object.assign(newBuilder(), { typing: builder.typing }); redraw(); } }, t("clear"))),
        knightRow),
      h("div", { class: "sq2-row" },
        hintButton(hints),
        h("button", { class: "sq2-small-button", "data-key": "toggle-typing", onclick: () => { builder.typing = !builder.typing; redraw(); } }, words(builder.typing ? t("buildIt") : t("typeIt")))),
      hintList(hints),
      verdictBox(state),
      speechNote());
  }

  function hintButton(hints) {
    if (hints.policy === "off") return null;
    return h("button", { class: "sq2-small-button", "data-key": "hint", onclick: () => send({ intent: "hint" }) }, words(t("hint")), hints.left_text ? ` (${hints.left_text})` : "");
  }

  function hintList(hints) {
    if (!hints.shown || !hints.shown.length) return null;
    return h("ol", { class: "sq2-hints", "aria-label": t("hints") },
      hints.shown.map((text, index) => h("li", {}, text.split("\n").map((line) => h("span", { class: "sq2-line" }, words(line))),
        readAloudButton(text, `hint-${index}`))));
  }

  function verdictBox(state) {
    const verdict = state.verdict;
    if (!verdict) return null;
    return h("div", { class: `sq2-verdict ${verdict.ok ? "sq2-ok" : "sq2-not-yet"}`, role: "status" },
      h("p", { class: "sq2-verdict-head" }, words(verdict.ok ? "✓ " : "✗ "), verdict.lines[0] || "", words(verdict.ok ? " 🎉" : ""),
        readAloudButton(verdict.lines.join("\n"), "verdict")),
      h("ul", {}, verdict.lines.slice(1).map((line) => h("li", {}, words(line)))));
  }

  // ---- reading aloud ----
  // A child who cannot read yet presses 🔊: the browser's speech synthesis says the words in
  // the page's language. A device with no voice for that language says so in plain words.

  function readAloudButton(text, key) {
    if (!text) return null;
    return h("button", { class: "sq2-small-button sq2-read-aloud", type: "button", "data-key": `read-${key}`,
      "aria-label": t("readAloud"), title: t("readAloud"), onclick: (event) => readAloud(text, event.currentTarget) },
      // The 🔊 is drawn by the style sheet: the words around the button stay only words.
      h("span", { class: "sq2-speaker", "aria-hidden": "true" }));
  }

  // Signs said as words, by the rules the kernel sends (sq2edu/ui/speech.py, where they
  // are tested): "7 : 2" is "7 divided by 2", "3 r 2" is "3 remainder 2".
  function sayable(text) {
    let said = String(text);
    for (const [pattern, replacement] of catalog().speech || []) {
      said = said.replace(new RegExp(pattern, "gu"), replacement);
    }
    return said.trim();
  }

  // Where a device that cannot read aloud says so: the note of the part of the table whose
  // button was pressed (the prompt's, the builder's), not one out of sight at the top.
  function speechNote() {
    // A status only once it has something to say: until then the verdict is the table's one
    // status, and the live regions that speak the game's news stay the only ones.
    return h("p", { class: "sq2-speech-note" });
  }
  function noteFor(button) {
    for (let node = button && button.parentElement; node && node !== root; node = node.parentElement) {
      const note = node.querySelector(":scope > .sq2-speech-note");
      if (note) return note;
    }
    return root.querySelector(".sq2-speech-note");
  }

  function readAloud(text, button) {
    const lang = catalog().lang || "en";
    const synth = window.speechSynthesis;
    const note = noteFor(button);
    const say = (message) => {
      if (!note) return;
      if (message) note.setAttribute("role", "status");
      note.textContent = message;
    };
    if (!synth || typeof window.SpeechSynthesisUtterance !== "function") {
      say(t("noSpeech"));
      return;
    }
    const voices = synth.getVoices() || [];
    const voice = voices.find((v) => (v.lang || "").toLowerCase().replace("_", "-").split("-")[0] === lang
      || (lang === "nb" && /^(nb|no|nn)\b/i.test(v.lang || "")));
    if (!voice) {
      say(t("noVoice"));
      return;
    }
    say("");
    const utterance = new window.SpeechSynthesisUtterance(sayable(text));
    utterance.lang = voice.lang || lang;
    utterance.voice = voice;
    synth.cancel();
    synth.speak(utterance);
  }
  // Chromium loads its voices after the page: ask early, so they are there at the first press.
  if (window.speechSynthesis && window.speechSynthesis.getVoices) window.speechSynthesis.getVoices();

  function choices(state) {
    const contextual = new Set(state.by_card || ["take-companion", "take-king", "discard", "make-equation"]);
    const offered = legal(state).filter((a) => !contextual.has(a.kind));
    if (!offered.length) return null;
    const switches = offered.filter((a) => a.kind === "switch-cards");
    const books = offered.filter((a) => a.kind === "use-spell-book");
    const throws = offered.filter((a) => THROWS.has(a.kind));
    if (reading && !books.length) reading = false;
    if (throwing && !throws.length) throwing = false;
    if (reading) return cardPicker(t("bookWhich"), books, (a) => [a.card], () => { reading = false; });
    if (throwing) return cardPicker(t("throwWhich"), throws, (a) => (a.kind === "classic-discard" ? [a.card] : [a.first, a.second]), () => { throwing = false; });
    const grouped = new Set(["switch-cards", "use-spell-book", ...THROWS]);
    // The Switch Witch's second step has one way out, its Cancel (back to the first step,
    // where "No, thanks" is): two buttons that both leave read as two different things.
    const taking = giving !== null && switches.some((a) => a.mine === giving);
    if (taking) return h("div", { class: "sq2-choices", role: "group", "aria-label": t("whatNow") }, switchPicker(state, switches));
    return h("div", { class: "sq2-choices", role: "group", "aria-label": t("whatNow") },
      switches.length ? switchPicker(state, switches) : null,
      books.length ? h("button", { class: "sq2-big sq2-primary", "data-key": "spell-book", onclick: () => { reading = true; redraw(); } }, words(t("useBook"))) : null,
      throws.length ? h("button", { class: "sq2-big", "data-key": "throw-away", onclick: () => { throwing = true; redraw(); } }, words(t("throwAway"))) : null,
      offered.filter((a) => !grouped.has(a.kind)).map((action) => h("button", {
        class: `sq2-big${QUIET.has(action.kind) ? "" : " sq2-primary"}`,
        "data-key": keyOf(action),
        onclick: () => act(action),
      }, words(action.label || action.kind))));
  }

  // A Spell Book takes any number card from the discard pile, and a classic discard throws
  // away one card or a pair: the child sees the cards themselves, not a row of ten buttons
  // of words.
  let reading = false;
  let throwing = false;
  const THROWS = new Set(["classic-discard", "classic-discard-pair"]);

  function cardPicker(question, actions, cardsOf, close) {
    return h("div", { class: "sq2-choices sq2-switch", role: "group", "aria-label": question },
      h("p", {}, question),
      h("div", { class: "sq2-row" }, actions.map((action) => h("button", {
        class: "sq2-card sq2-choose", "aria-label": action.label, "data-key": keyOf(action),
        onclick: () => { close(); act(action); },
      }, cardsOf(action).map((id) => cardFace(id))))),
      h("button", { class: "sq2-big", "data-key": "cancel-pick", onclick: () => { close(); redraw(); } }, t("cancel")));
  }

  // The Switch Witch can offer every card of yours against every card of theirs: dozens of
  // buttons. The child picks the card to give first, then the one to take.
  let giving = null;

  function switchPicker(state, switches) {
    const mine = [...new Set(switches.map((a) => a.mine))];
    if (!mine.includes(giving)) giving = null;
    if (giving === null) {
      return h("div", { class: "sq2-switch", role: "group", "aria-label": t("switchWhich") },
        h("p", {}, t("switchWhich")),
        mine.map((id) => h("button", {
          class: "sq2-big sq2-primary", "data-key": "give:" + id,
          onclick: () => { giving = id; redraw(); },
        }, t("giveYour", { card: cardLabel(id) }))));
    }
    const names = state.names || [];
    const heading = t("giveYour", { card: cardLabel(giving) });
    return h("div", { class: "sq2-switch", role: "group", "aria-label": heading },
      h("p", {}, heading, " ➜"),
      switches.filter((a) => a.mine === giving).map((action) => h("button", {
        class: "sq2-big sq2-primary", "data-key": keyOf(action),
        onclick: () => { giving = null; act(action); },
      }, t("takeTheir", { name: names[action.target] ?? "?", card: cardLabel(action.theirs) }))),
      h("button", { class: "sq2-big", "data-key": "cancel-give", onclick: () => { giving = null; redraw(); } }, t("cancel")));
  }

  // What happened since the child's own last move, where the eye looks: beside whose turn
  // it is. The list scrolls inside its box (the whole of three computers' turns would push
  // the cards below the fold) and opens on its newest line; a keyboard can scroll it too.
  function narration(state) {
    const lines = state.narration || [];
    return h("section", { class: "sq2-narration", "aria-label": t("whatHappened") },
      h("h3", {}, t("whatHappened")),
      lines.length
        ? h("ul", { tabindex: "0", "data-key": "narration", "aria-label": t("whatHappened") }, lines.map((line) => h("li", {}, words(line))))
        : h("p", { class: "sq2-nothing" }, "—"));
  }

  // The newest line in view after each redraw; a child who scrolled back to read keeps her
  // place until something new happens.
  let narrationSeen = null;
  let narrationTop = 0;
  // The box holds whole lines: it is as tall as the newest lines that fit in it, so the top
  // one is never cut in half (a line may wrap onto two).
  function fitWholeLines(list) {
    list.style.height = "";
    if (list.scrollHeight <= list.clientHeight) return;
    const room = list.clientHeight;
    let height = 0;
    for (const item of Array.from(list.children).reverse()) {
      const tall = item.getBoundingClientRect().height;
      if (height + tall > room) break;
      height += tall;
    }
    if (height > 0) list.style.height = `${height}px`;
  }

  function showNewest(state) {
    const list = root.querySelector(".sq2-narration ul");
    if (!list) return;
    fitWholeLines(list);
    const total = state.narrated ?? 0;
    list.scrollTop = total === narrationSeen ? narrationTop : list.scrollHeight;
    narrationSeen = total;
    narrationTop = list.scrollTop;
    list.addEventListener("scroll", () => { narrationTop = list.scrollTop; });
  }

  function gameOver(state) {
    const winner = state.winner;
    return h("section", { class: "sq2-over", role: "dialog", "aria-label": t("gameOver") },
      h("h2", {}, words(winner.text)),
      (state.humans || []).includes(winner.seat) ? null : h("p", {}, t("goodTry")),
      h("div", { class: "sq2-row" }, winner.kings.map((id) => cardItem(id, { label: cardLabel(id) }))),
      h("button", { class: "sq2-big sq2-primary", "data-key": "new-game", onclick: () => send({ intent: "new-game" }) }, t("newGame")),
      folding("log", {}, h("summary", { "data-key": "log" }, t("log")), h("ol", { class: "sq2-log" }, (state.log || []).map((line) => h("li", {}, line)))));
  }

  function curtain(state) {
    return h("section", { class: "sq2-curtain", role: "dialog", "aria-label": t("pass", { name: state.curtain }) },
      h("h2", {}, t("pass", { name: state.curtain })),
      h("p", {}, t("pressReady", { name: state.curtain })),
      h("button", { class: "sq2-big sq2-primary", "data-key": "ready", onclick: () => send({ intent: "ready" }) }, t("ready")));
  }

  // ---- the classic game: a card from the hand, then its target ----

  // The King, Knight or Sleeping Potion the child picked, waiting for a queen to aim at.
  let picked = null;
  const PLAYED = { "classic-wake": "king", "classic-steal": "knight", "classic-potion": "potion" };

  function sameFace(a, b) {
    const x = card(a);
    const y = card(b);
    return x.kind === y.kind && (x.kind !== "number" || x.value === y.value);
  }

  // The engine offers one card of each face; any card with that face plays the same way.
  function pickedActions(state) {
    if (!picked) return [];
    return legal(state)
      .filter((a) => PLAYED[a.kind] && sameFace(a[PLAYED[a.kind]], picked))
      .map((a) => ({ ...a, [PLAYED[a.kind]]: picked }));
  }

  function aim(action) {
    picked = null;
    act(Object.fromEntries(Object.entries(action).filter(([key]) => key !== "label")));
  }

  function sleepingPlaces(state) {
    const wakes = new Map();
    for (const a of pickedActions(state)) if (a.kind === "classic-wake") wakes.set(a.slot, a);
    for (const a of legalOf(state, "classic-choose-queen")) wakes.set(a.slot, a);
    const grid = h("div", { class: "sq2-places", role: "group", "aria-label": t("sleepingQueens") });
    state.view.centre.forEach((place, index) => {
      const n = index + 1;
      if (!place.occupied) {
        grid.append(h("span", { class: "sq2-card sq2-gap", role: "img", "aria-label": t("emptyPlace", { place: n }) }));
        return;
      }
      const label = place.queen ? t("sleepingKnown", { queen: card(place.queen).name, place: n }) : t("sleepingPlace", { place: n });
      const face = place.queen
        ? cardFace(place.queen, { asleep: true })
        : h("span", { class: "sq2-face sq2-back", "aria-hidden": "true" }, h("span", { class: "sq2-emoji" }, "💤"), h("span", { class: "sq2-name" }, String(n)));
      const action = wakes.get(index);
      grid.append(action
        ? h("button", { class: "sq2-card sq2-choose", "aria-label": `${label}: ${t("wakeHer")}`, "data-key": keyOf(action), onclick: () => aim(action) }, face)
        : h("span", { class: "sq2-card sq2-still", role: "img", "aria-label": label }, face));
    });
    return grid;
  }

  function classicCentre(state) {
    const view = state.view;
    return h("section", { class: "sq2-centre", "aria-label": t("middle") },
      ...piles(state),
      h("div", { class: "sq2-area sq2-small" },
        h("h3", {}, t("sleepingQueens")),
        sleepingPlaces(state)));
  }

  function classicPlayer(state, seat) {
    const view = state.view;
    const player = view.players[seat];
    const own = seat === state.seat;
    const current = seat === view.current_player;
    const aimed = new Map();
    for (const a of pickedActions(state)) if (a.kind !== "classic-wake" && a.target === seat) aimed.set(a.queen, a);
    const queens = player.queens.map((id) => {
      const action = aimed.get(id);
      const label = `${cardLabel(id)}, ${t("points", { points: card(id).points })}`;
      return cardItem(id, { label, onclick: action ? () => aim(action) : null, key: action ? keyOf(action) : null, choose: Boolean(action) });
    });
    let hand;
    if (Array.isArray(player.hand)) {
      const building = own && buildable(state) && !builder.typing;
      const inEquation = new Set([...builder.slots, builder.result].filter(Boolean));
      const aimable = new Set(legal(state).filter((a) => PLAYED[a.kind]).map((a) => card(a[PLAYED[a.kind]]).kind));
      hand = h("div", { class: "sq2-row", role: "group", "aria-label": own ? t("hand") : t("handOf", { name: player.name }) },
        player.hand.map((id) => {
          const c = card(id);
          if (building && c.kind === "number") {
            return cardItem(id, { label: cardLabel(id), onclick: () => placeCard(id), key: "build:" + id, pressed: inEquation.has(id) });
          }
          if (own && aimable.has(c.kind)) {
            const label = picked === id ? `${cardLabel(id)}, ${t("selected")}` : cardLabel(id);
            // Before a pick every card that can be played is framed; once one is picked, only
            // what it can be aimed at is, so the other cards in the hand do not look like targets.
            return cardItem(id, { label, onclick: () => { picked = picked === id ? null : id; redraw(); }, key: "pick:" + id, pressed: picked === id, choose: !picked });
          }
          return cardItem(id, { label: cardLabel(id) });
        }));
    } else {
      const backs = [...Array(player.hand)].map(() => h("span", { class: "sq2-face sq2-back sq2-hand-back", "aria-hidden": "true" }));
      hand = h("div", { class: "sq2-row sq2-small", role: "img", "aria-label": `${t("handOf", { name: player.name })}: ${player.hand}` }, backs);
    }
    return h("section", { class: `sq2-realm${current ? " sq2-current" : ""}${own ? " sq2-own" : ""}`, "aria-label": t("realmOf", { name: player.name }) },
      h("h3", {}, current ? "▶ " : "", player.name, h("span", { class: "sq2-count" }, ` · ${t("points", { points: player.points })}`)),
      h("div", { class: "sq2-row", role: "group", "aria-label": t("queensOf", { name: player.name }) }, queens.length ? queens : h("span", { class: "sq2-nothing" }, "—")),
      hand);
  }

  function pickedPanel(state) {
    if (!picked) return null;
    const c = card(picked);
    const words = c.kind === "king" ? t("chooseQueenFor", { card: c.name }) : t("chooseTargetFor", { card: c.name });
    return h("div", { class: "sq2-choices sq2-picking", role: "group", "aria-label": t("whatNow") },
      h("p", { class: "sq2-prompt" }, words, readAloudButton(words, "pick")),
      h("button", { class: "sq2-big", "data-key": "cancel-pick", onclick: () => { picked = null; redraw(); } }, t("cancel")));
  }

  // ---- the Equation Lab: the builder on its own, with dealt cards and a score ----

  function lab(state) {
    const cards = state.view.players[0].realm;
    const inEquation = new Set([...builder.slots, builder.result, builder.rest].filter(Boolean));
    // Stars for right equations only: a wrong try is practice, not a mark against the child.
    const stars = state.score_text || "";
    const box = state.view.box;
    const level = state.level;
    return [
      h("header", { class: "sq2-header" },
        h("div", { class: "sq2-turn" }, h("span", { class: "sq2-who" }, state.lesson || t("lab")),
          // A lesson's exercise is marked by the lesson (✓ or not), not by Lab stars.
          state.lesson ? null : h("span", { class: "sq2-score", role: "status" }, h("span", { "aria-hidden": "true" }, "⭐ "), stars)),
        level ? levelLine(level) : null,
        // A right answer dealt these cards: the praise is about the cards before, its
        // equation in it, and says these are new.
        state.praise ? h("p", { class: "sq2-praise" }, words("✓ "), words(state.praise), words(" 🎉 "), t("newCardsDealt"),
          readAloudButton(`${state.praise} ${t("newCardsDealt")}`, "praise")) : null,
        h("p", { class: "sq2-prompt" }, state.view.prompt || "", readAloudButton(promptSaid(state), "prompt")),
        h("p", { class: `sq2-message${state.note ? ` sq2-note-${state.note}` : ""}` }, state.message || "", readAloudButton(state.message || "", "message")),
        speechNote()),
      box ? h("p", { class: "sq2-box-task", "aria-label": box.replace("□", t("theBox")) },
        box.split("□").flatMap((part, index) => (index ? [h("span", { class: "sq2-box", "aria-hidden": "true" }, "\u00a0"), part] : [part]))) : null,
      h("section", { class: "sq2-realm sq2-own", "aria-label": t("yourCards") },
        h("h3", {}, t("yourCards")),
        h("div", { class: "sq2-row", role: "group", "aria-label": t("yourCards") },
          cards.map((id) => box
            ? cardItem(id, { label: t("intoBox", { card: card(id).name }), onclick: () => send({ intent: "check", box: id }), key: "box:" + id, choose: true })
            : cardItem(id, { label: cardLabel(id), onclick: () => placeCard(id), key: "build:" + id, pressed: inEquation.has(id) })))),
      box ? boxHelp(state) : equationBuilder(state),
      // A lesson's exercise keeps its cards: no new deal.
      state.lesson ? null : h("div", { class: "sq2-row" },
        h("button", { class: "sq2-big", "data-key": "deal", onclick: () => send({ intent: "deal" }) }, t("newCards"))),
    ];
  }

  // The prompt as it is read aloud: with the box task, when there is one.
  function promptSaid(state) {
    return [state.view.prompt || "", state.view.box || ""].filter(Boolean).join("\n");
  }

  // Where the child is: the level's name and its stars, drawn filled and hollow (a shape,
  // not only a colour) and said in words.
  function levelLine(level) {
    // Just moved up, the empty row is not stars lost: it says they start afresh here.
    const said = [t("levelStars", { title: level.title, n: level.stars, of: level.of }), level.fresh ? t("starsAfresh") : ""].join(" ").trim();
    return h("p", { class: "sq2-level", role: "img", "aria-label": said },
      h("span", { class: "sq2-level-title" }, level.title), " ",
      h("span", { class: "sq2-level-stars" }, "★".repeat(level.stars) + "☆".repeat(Math.max(0, level.of - level.stars))),
      level.fresh ? h("span", { class: "sq2-level-new" }, t("starsAfresh")) : null);
  }

  // A missing-number task needs no builder: a card is the answer. Hints and the verdict stay.
  function boxHelp(state) {
    const hints = state.hints || { policy: "free", shown: [] };
    return h("section", { class: "sq2-builder", "aria-label": t("equation") },
      h("div", { class: "sq2-row" }, hintButton(hints)),
      hintList(hints),
      verdictBox(state),
      speechNote());
  }

  // ---- drawing ----

  function redraw() {
    const state = model.get("state");
    if (!state || !state.view) return;
    const view = state.view;
    const key = `${view.turn}|${view.phase}|${state.seat}|${(state.verdict && state.verdict.ok) || ""}`;
    if (key !== builderKey) {
      const typing = builder.typing;
      builder = newBuilder();
      builder.typing = typing;
      builderKey = key;
      picked = null;
      giving = null;
      reading = false;
      throwing = false;
    }
    if (picked && !pickedActions(state).length) picked = null;
    // The how-to-play folds away once a new turn begins, so that it does not push the cards
    // and the builder below the fold turn after turn; the child can open it again.
    if (view.turn !== howTurn) {
      if (howTurn !== null) unfolded.delete("how");
      howTurn = view.turn;
    }
    const focused = root.contains(document.activeElement) ? document.activeElement.getAttribute("data-key") : null;
    const order = view.players.map((_, seat) => seat);
    const others = order.filter((seat) => seat !== state.seat);
    const classic = state.edition === "classic";
    const player = classic ? classicPlayer : realm;
    if (catalog().lang) root.lang = catalog().lang;
    // On a screen wide enough for two columns the Rescue's builder heads the second one,
    // beside the child's number cards: below a realm of queens, a companion and kings it was
    // below the fold of a laptop, Check with it. The classic game's hand is one row, and its
    // sleeping queens, which a King or a Knight aims at, stay at the top of the second column.
    const building = state.mode !== "lab" && builderOpen(state) ? equationBuilder(state) : null;
    const besideCards = building !== null && !classic && twoColumns.matches;
    // A Knight or a Sleeping Potion is aimed at another player's queens: their realms come
    // before the sleeping queens, close to the words that ask for them (below twelve places
    // they were at the bottom edge of a tablet, their names cut off).
    const aimsAtPlayers = classic && picked !== null && card(picked).kind !== "king";
    const parts = state.mode === "lab" ? lab(state) : [
      topBar(state),
      h("div", { class: "sq2-status" }, header(state), narration(state)),
      state.curtain ? curtain(state) : null,
      state.winner ? gameOver(state) : null,
      h("div", { class: "sq2-layout" },
        h("div", { class: "sq2-play" },
          tip(state),
          !state.curtain && !state.winner ? choices(state) : null,
          classic ? pickedPanel(state) : null,
          state.seat !== null ? player(state, state.seat) : null,
          building ? (besideCards ? null : building) : [verdictBox(state), state.verdict ? speechNote() : null]),
        h("div", { class: "sq2-board" },
          besideCards ? building : null,
          aimsAtPlayers ? others.map((seat) => player(state, seat)) : null,
          classic ? classicCentre(state) : centre(state),
          aimsAtPlayers ? null : others.map((seat) => player(state, seat)))),
    ];
    root.replaceChildren(...parts.filter(Boolean));
    showNewest(state);
    markTargets();
    speak(state);
    // Lets a test (or an assistive tool) tell that the table has been redrawn.
    root.dataset.version = String(++version);
    root.dataset.phase = view.phase;
    const again = focused ? root.querySelector(`[data-key="${CSS.escape(focused)}"]`) : null;
    if (again) again.focus();
    else if (focused || (keyboard && !root.contains(document.activeElement))) {
      // The button that had focus is gone (or a computer's turn took it): offer the first
      // thing to do now, so a keyboard never has to start again from the top of the page.
      const first = firstTarget();
      if (first) first.focus();
    }
    const asked = [view.phase, view.turn, state.seat, state.curtain, Boolean(state.winner), reading, throwing, giving, picked].join("|");
    if (asked !== lastAsked) {
      lastAsked = asked;
      showTargets();
    }
    // The end of a game opens on who won: the headline at the top of the screen, not only the
    // New game button (brought up to the top edge from far below, it left the headline above).
    if (Boolean(state.winner) !== lastOver) {
      lastOver = Boolean(state.winner);
      const over = root.querySelector(".sq2-over");
      // "Game over" above it stays whole too when both fit on the screen.
      if (over && over.getBoundingClientRect().top < 0) {
        const head = root.querySelector(".sq2-header");
        const button = over.querySelector(":scope > button");
        const both = head && button && button.getBoundingClientRect().bottom - head.getBoundingClientRect().top + MARGIN <= window.innerHeight;
        (both ? head : over).scrollIntoView({ block: "start" });
      }
    }
    // A new verdict or a new hint is brought into view (below the builder, it can be below
    // the fold on a laptop, in a lesson or after three hints).
    const answered = JSON.stringify([state.verdict || null, ((state.hints || {}).shown || []).length]);
    if (answered !== lastAnswered) {
      const fresh = lastAnswered !== null || Boolean(state.verdict);
      lastAnswered = answered;
      const said = root.querySelector(".sq2-verdict") || root.querySelector(".sq2-hints");
      if (fresh && said) {
        const box = said.getBoundingClientRect();
        if (box.top < 0 || box.bottom > window.innerHeight) said.scrollIntoView({ block: "nearest" });
      }
    }
    KEPT.set(model.model_id, { builder, builderKey });
  }
  let lastAnswered = null;
  let lastOver = false;
  // The table's two columns (table.css: one column up to 900 px).
  const twoColumns = window.matchMedia("(min-width: 901px)");

  // What the prompt asks the child to press now: the choices, the cards to choose, the
  // builder's cards and its Check button.
  const TARGETS = [
    ".sq2-curtain button", ".sq2-over > button", ".sq2-choices:not(.sq2-picking) button", "button.sq2-choose",
    "button[data-key^='build:']", "button[data-key^='box:']", "button[data-key='check']:not(:disabled)",
  ].join(", ");
  let lastAsked = "";

  // While a card is aimed or chosen (a Knight, a Spell Book's card, the Switch Witch's), only
  // what it can be aimed at is asked for: the builder's cards are not, though they are framed.
  const AIMING = [".sq2-choices:not(.sq2-picking) button", "button.sq2-choose"].join(", ");

  function markTargets() {
    const aiming = picked !== null || reading || throwing || giving !== null;
    for (const node of root.querySelectorAll(aiming ? AIMING : TARGETS)) node.dataset.target = "";
  }

  // Where a keyboard starts: the card marked to lead (see ``realm``), else the first target.
  function firstTarget() {
    return root.querySelector("[data-target][data-lead]") || root.querySelector("[data-target]");
  }

  // When the prompt asks for something new, bring what it asks for into view with the words
  // that ask, headed by their heading (whose turn it is, or the picked card's question): all
  // of it when it fits on the screen, else every target, else the words and the first target,
  // else the first target alone.
  function showTargets() {
    const targets = root.querySelectorAll("[data-target]");
    if (!targets.length) return;
    const first = targets[0];
    const last = targets[targets.length - 1];
    const header = root.querySelector(".sq2-header");
    const prompt = header && header.querySelector(".sq2-prompt");
    const asking = root.querySelector(".sq2-picking") || (prompt && prompt.textContent.trim() ? header : null);
    const span = (nodes) => {
      const boxes = nodes.map((n) => n.getBoundingClientRect());
      return { top: Math.min(...boxes.map((b) => b.top)), bottom: Math.max(...boxes.map((b) => b.bottom)) };
    };
    const fits = (nodes) => {
      const box = span(nodes);
      return box.bottom - box.top + MARGIN <= window.innerHeight;
    };
    const shown = [[asking, first, last], [first, last], [asking, first], [first]]
      .map((nodes) => nodes.filter(Boolean))
      .find((nodes) => nodes.length === 1 || fits(nodes));
    const box = span(shown);
    if (box.top >= 0 && box.bottom <= window.innerHeight) return;
    const byTop = [...shown].sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
    const lowest = [...shown].sort((a, b) => b.getBoundingClientRect().bottom - a.getBoundingClientRect().bottom)[0];
    lowest.scrollIntoView({ block: "nearest" });
    byTop[0].scrollIntoView({ block: "nearest" });
  }
  // The room left above what is brought into view (table.css: scroll-margin-top).
  const MARGIN = 8;

  // Everything new is spoken, not only the last line (a roll and the cards it drew).
  let narrated = null;
  let lastPraised = "";
  function speak(state) {
    const lines = state.narration || [];
    const total = state.narrated ?? lines.length;
    const fresh = narrated === null || total < narrated ? lines.length : Math.min(total - narrated, lines.length);
    narrated = total;
    if (fresh > 0) {
      const said = lines.slice(-fresh).join(" ");
      spoken.textContent = said === lastSpoken ? said + "\u00a0" : said;
      lastSpoken = spoken.textContent;
    }
    // The Lab's praise for a right answer is heard as the verdict was, with the new cards.
    const praise = state.praise ? `${state.praise} ${t("newCardsDealt")}` : "";
    const praised = praise ? `${state.view.turn}|${praise}` : "";
    if (praised && praised !== lastPraised) {
      spoken.textContent = praise === lastSpoken ? praise + "\u00a0" : praise;
      lastSpoken = spoken.textContent;
    }
    lastPraised = praised;
    if ((state.message || "") !== lastWarned) warned.textContent = lastWarned = state.message || "";
  }

  // Arrow keys move between the buttons too, as Tab and Shift+Tab do.
  root.addEventListener("pointerdown", () => { keyboard = false; });
  root.addEventListener("keydown", (event) => {
    if (event.key === "Tab" || event.key === "Enter" || event.key.startsWith("Arrow")) keyboard = true;
    const forward = event.key === "ArrowRight" || event.key === "ArrowDown";
    const backward = event.key === "ArrowLeft" || event.key === "ArrowUp";
    if ((!forward && !backward) || event.target instanceof HTMLInputElement) return;
    const buttons = [...root.querySelectorAll("button:not(:disabled), summary")];
    const at = buttons.indexOf(document.activeElement);
    if (at < 0) return;
    const next = buttons[(at + (forward ? 1 : -1) + buttons.length) % buttons.length];
    next.focus();
    event.preventDefault();
  });

  model.on("change:state", redraw);
  model.on("change:catalog", redraw);
  twoColumns.addEventListener("change", redraw);
  redraw();
  return () => {
    model.off("change:state", redraw);
    twoColumns.removeEventListener("change", redraw);
  };
}

export default { render };
