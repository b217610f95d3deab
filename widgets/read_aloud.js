// A "read aloud" button for a lesson's question and what it says after an answer: the
// browser's speech synthesis says the words in the page's language, signs said as words.
// A device with no voice for that language (or no speech at all) says so in plain words.
// Plain ES module for anywidget; every word comes from the kernel, set as text only.

// Signs said as words, by the rules the kernel sends (sq2edu/ui/speech.py, where they are
// tested): "7 : 2" is "7 divided by 2", "3 r 2" is "3 remainder 2".
function sayable(text, rules) {
  let said = String(text);
  for (const [pattern, replacement] of rules || []) {
    said = said.replace(new RegExp(pattern, "gu"), replacement);
  }
  return said.trim();
}

function render({ model, el }) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "sq2-read-aloud";
  button.style.cssText = "min-width: 44px; min-height: 44px; font-size: 1.4rem; cursor: pointer;";
  const icon = document.createElement("span");
  icon.setAttribute("aria-hidden", "true");
  icon.textContent = "🔊";
  button.append(icon);
  const note = document.createElement("p");
  note.className = "sq2-speech-note";
  note.setAttribute("role", "status");
  el.append(button, note);

  function draw() {
    const words = model.get("words") || {};
    button.setAttribute("aria-label", words.readAloud || "Read aloud");
    button.title = words.readAloud || "Read aloud";
    button.hidden = !model.get("text");
    note.textContent = "";
  }
  button.addEventListener("click", () => {
    const words = model.get("words") || {};
    const lang = model.get("lang") || "en";
    const synth = window.speechSynthesis;
    if (!synth || typeof window.SpeechSynthesisUtterance !== "function") {
      note.textContent = words.noSpeech || "";
      return;
    }
    const voices = synth.getVoices() || [];
    const voice = voices.find((v) => (v.lang || "").toLowerCase().replace("_", "-").split("-")[0] === lang
      || (lang === "nb" && /^(nb|no|nn)\b/i.test(v.lang || "")));
    if (!voice) {
      note.textContent = words.noVoice || "";
      return;
    }
    note.textContent = "";
    const utterance = new window.SpeechSynthesisUtterance(sayable(model.get("text"), model.get("rules")));
    utterance.lang = voice.lang || lang;
    utterance.voice = voice;
    synth.cancel();
    synth.speak(utterance);
  });
  if (window.speechSynthesis && window.speechSynthesis.getVoices) window.speechSynthesis.getVoices();
  model.on("change:text", draw);
  model.on("change:words", draw);
  draw();
}

export default { render };
