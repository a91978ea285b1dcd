// Practice on a state's deck: after opening a card, the learner marks it known or missed;
// the marks and the round of missed cards are kept in this browser's localStorage, one key
// a state, and nothing is sent to the server. Without this file the deck still works: each
// card is a <details> that opens to its rule.
(function () {
  "use strict";

  var panel = document.getElementById("practice");
  var deck = document.getElementById("deck");
  if (!panel || !deck) return;

  var KEY = "roadlaw.practice." + panel.dataset.state;
  var cards = Array.prototype.slice.call(deck.querySelectorAll("details.card[data-card]"));
  var ids = cards.map(function (card) { return card.dataset.card; });
  var progress = document.getElementById("practice-progress");
  var reviewButton = document.getElementById("review-missed");
  var showAll = document.getElementById("show-all");
  var reset = document.getElementById("practice-reset");
  var LABEL = { known: "Known", missed: "Missed" };

  // { marks: { "MD-S01": "known" | "missed" }, review: [ids] while a round of missed cards is on }
  function load() {
    var saved = null;
    try {
      saved = JSON.parse(window.localStorage.getItem(KEY) || "null");
    } catch (error) {
      saved = null;
    }
    var marks = {};
    var review = null;
    if (saved && typeof saved === "object") {
      // A card no longer in the deck keeps no mark.
      Object.keys(saved.marks || {}).forEach(function (id) {
        if (ids.indexOf(id) >= 0 && LABEL[saved.marks[id]]) marks[id] = saved.marks[id];
      });
      if (Array.isArray(saved.review)) review = saved.review.filter(function (id) { return ids.indexOf(id) >= 0; });
    }
    return { marks: marks, review: review && review.length ? review : null };
  }

  var state = load();

  function save() {
    try {
      window.localStorage.setItem(KEY, JSON.stringify(state));
    } catch (error) {
      // Private mode or storage full: the marks last until the page is left.
    }
  }

  function counted(mark) {
    return ids.filter(function (id) { return state.marks[id] === mark; }).length;
  }

  function draw() {
    var known = counted("known");
    var missed = counted("missed");
    cards.forEach(function (card) {
      var mark = state.marks[card.dataset.card] || "";
      if (mark) card.dataset.mark = mark;
      else delete card.dataset.mark;
      card.querySelector(".card-mark").textContent = LABEL[mark] || "";
      Array.prototype.forEach.call(card.querySelectorAll("[data-mark]"), function (button) {
        button.setAttribute("aria-pressed", button.dataset.mark === mark ? "true" : "false");
      });
      card.parentNode.hidden = state.review !== null && state.review.indexOf(card.dataset.card) < 0;
    });
    if (state.review) {
      var still = state.review.filter(function (id) { return state.marks[id] !== "known"; }).length;
      progress.textContent = "Reviewing the " + state.review.length + " you missed: " +
        (still ? still + " still to get right." : "you know them all now.");
    } else {
      progress.textContent = known + " of " + ids.length + " known, " + missed + " missed.";
    }
    reviewButton.textContent = "Review the ones I missed (" + missed + ")";
    reviewButton.disabled = missed === 0;
    reviewButton.hidden = state.review !== null;
    showAll.hidden = state.review === null;
  }

  function visible() {
    return cards.filter(function (card) { return !card.parentNode.hidden; });
  }

  function focusCard(card) {
    if (!card) return;
    var summary = card.querySelector("summary");
    summary.focus();
    summary.scrollIntoView({ block: "nearest" });
  }

  cards.forEach(function (card) {
    card.querySelector(".practice-mark").hidden = false;
    Array.prototype.forEach.call(card.querySelectorAll("[data-mark]"), function (button) {
      button.addEventListener("click", function () {
        state.marks[card.dataset.card] = button.dataset.mark;
        save();
        draw();
        // Marked, the card closes and the next one is ready to open.
        card.open = false;
        var shown = visible();
        focusCard(shown[shown.indexOf(card) + 1] || card);
      });
    });
  });

  reviewButton.addEventListener("click", function () {
    var missed = ids.filter(function (id) { return state.marks[id] === "missed"; });
    if (!missed.length) return;
    state.review = missed;
    cards.forEach(function (card) { card.open = false; });
    save();
    draw();
    focusCard(visible()[0]);
  });

  showAll.addEventListener("click", function () {
    state.review = null;
    save();
    draw();
    reviewButton.focus();
  });

  reset.addEventListener("click", function () {
    state = { marks: {}, review: null };
    cards.forEach(function (card) { card.open = false; });
    save();
    draw();
    focusCard(cards[0]);
  });

  panel.hidden = false;
  draw();
})();
