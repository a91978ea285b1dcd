// Road law: the page works without this file (the form posts to /ask and the server
// answers). With it, questions go to /api/ask in place, the thread is kept, and the
// chosen state is remembered (cookie for the server, localStorage for the browser).
(function () {
  "use strict";

  var STATE_KEY = "roadlaw.state";
  var COOKIE = "roadlaw_state";
  var YEAR = 365 * 24 * 3600;

  var form = document.getElementById("ask");
  var select = document.getElementById("state") || document.getElementById("cards-state");
  var cardsLink = document.getElementById("cards-link");

  function stored() {
    try {
      return window.localStorage.getItem(STATE_KEY);
    } catch (error) {
      return null;
    }
  }

  function remember(code) {
    try {
      window.localStorage.setItem(STATE_KEY, code);
    } catch (error) {
      // Private mode: the cookie still remembers.
    }
    document.cookie = COOKIE + "=" + code + "; path=/; max-age=" + YEAR + "; samesite=lax";
    if (cardsLink) cardsLink.href = "/states/" + code + "/cards";
  }

  function hasOption(code) {
    if (!select || !code) return false;
    for (var i = 0; i < select.options.length; i++) {
      if (select.options[i].value === code && !select.options[i].disabled) return true;
    }
    return false;
  }

  // Remembered between visits: the cookie chose the state server-side; a browser
  // whose cookie was cleared still has localStorage. With neither, the page asks
  // ("Choose your state"): no state is chosen for the learner.
  if (select) {
    var saved = stored();
    if (!select.value && hasOption(saved)) select.value = saved;
    if (select.value) remember(select.value);
  }

  if (!form || !window.fetch || !window.JSON) {
    if (select) select.addEventListener("change", function () { if (select.value) remember(select.value); });
    return;
  }

  var words = JSON.parse(document.getElementById("words").textContent);
  var question = document.getElementById("question");
  var choicesBox = document.getElementById("choices");
  var thread = document.getElementById("thread");
  var turns = document.getElementById("turns");
  var status = document.getElementById("status");
  var errorBox = document.getElementById("question-error");
  var stateError = document.getElementById("state-error");
  var button = document.getElementById("ask-button");
  var startOver = document.getElementById("start-over");
  var questionLabel = document.getElementById("question-label");
  var hint = document.getElementById("question-hint");
  var busy = false;

  function say(language) {
    return words[language] || words.english;
  }

  function el(tag, attributes, children) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      node.setAttribute(name, attributes[name]);
    });
    (children || []).forEach(function (child) {
      if (child === null || child === undefined) return;
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }

  // The quote cut as quote_pieces() cuts it (roadlaw/web/present.py), the answer's sentence
  // in <mark>. The offsets count characters, as Python does, not UTF-16 units.
  function quoted(source, span) {
    var chars = Array.from(source.quote);
    var start = span ? span.start : 0;
    var end = span ? span.end : chars.length;
    var mark = source.mark;
    if (!mark || mark.end <= start || mark.start >= end) return [chars.slice(start, end).join("")];
    var from = Math.max(start, mark.start);
    var to = Math.min(end, mark.end);
    return [
      chars.slice(start, from).join(""),
      el("mark", {}, [chars.slice(from, to).join("")]),
      chars.slice(to, end).join(""),
    ].filter(function (piece) { return piece !== ""; });
  }

  // A long quote folded to its excerpt, the whole passage one tap away (the template's source_item()).
  function quoteBlocks(source, w) {
    if (!source.quote) return [];
    var whole = el("blockquote", { class: "source-quote" }, [el("p", {}, quoted(source, null))]);
    if (!source.excerpt) return [whole];
    var length = Array.from(source.quote).length;
    var excerpt = [].concat(
      source.excerpt.start > 0 ? ["… "] : [],
      quoted(source, source.excerpt),
      source.excerpt.end < length ? [" …"] : []
    );
    return [
      el("blockquote", { class: "source-quote source-excerpt" }, [el("p", {}, excerpt)]),
      el("details", { class: "source-whole" }, [
        el("summary", {}, [
          el("span", { class: "when-closed" }, [w.whole_passage]),
          el("span", { class: "when-open" }, [w.less_passage]),
        ]),
        whole,
      ]),
    ];
  }

  // The same markup as the template's source_item() macro.
  function sourceItem(source, w) {
    return el("li", { class: "source kind-" + source.kind }, [].concat(
      [
        el("p", { class: "source-label" }, [source.label]),
        el("p", { class: "source-ref" }, [source.reference]),
      ],
      quoteBlocks(source, w),
      // No page to link (a manual without an official address, whose agency names no site): no link at all.
      source.url ? [
        el("a", { class: "source-link", href: source.url, rel: "noopener noreferrer" }, [
          source.link,
          el("span", { class: "visually-hidden" }, [": " + source.reference]),
        ]),
      ] : []
    ));
  }

  function turnArticle(asked, choices, body) {
    var w = say(body.language);
    var children = [
      el("h2", { class: "asked" }, [
        el("span", { class: "asked-label" }, [w.you_asked]),
        " ",
        el("span", { class: "asked-text" }, [asked]),
      ]),
      choices.length
        ? el("ol", { class: "asked-choices", type: "A" }, choices.map(function (choice) { return el("li", {}, [choice]); }))
        : null,
      // What happened to a failed answer, above the offline answer standing in for it.
      body.answer && body.note ? el("p", { class: "note", role: "note" }, [body.note]) : null,
      body.answer
        ? el("p", { class: "answer" }, [body.answer])
        : el("p", { class: "answer silent" }, [body.silent_line]),
      // The database was out of reach: the answer stands, but a follow-up will not remember it.
      body.logged === false ? el("p", { class: "note unsaved", role: "note" }, [w.unsaved]) : null,
    ];
    if (body.sources.length) {
      children.push(el("h3", { class: "sources-heading" }, [w.sources]));
      children.push(el("ol", { class: "sources" }, body.sources.map(function (source) { return sourceItem(source, w); })));
    }
    return el("article", { class: "turn", tabindex: "-1", lang: body.language === "spanish" ? "es" : "en" }, children);
  }

  // As the template's sentence filter: "the question is empty" reads "The question is empty.".
  function asSentence(message) {
    message = message.trim();
    return message.charAt(0).toUpperCase() + message.slice(1) + (/[.?!]$/.test(message) ? "" : ".");
  }

  function showError(message, about) {
    var box = about === select ? stateError : errorBox;
    box.textContent = message;
    (about || question).setAttribute("aria-invalid", "true");
  }

  function clearError() {
    errorBox.textContent = "";
    stateError.textContent = "";
    question.removeAttribute("aria-invalid");
    select.removeAttribute("aria-invalid");
  }

  function setBusy(value) {
    busy = value;
    // aria-disabled, not disabled: a disabled button would drop the keyboard focus.
    if (value) button.setAttribute("aria-disabled", "true");
    else button.removeAttribute("aria-disabled");
  }

  // The address follows the thread, so a reload (or the address kept) shows it again.
  function keepAddress(query) {
    if (window.history && window.history.replaceState) window.history.replaceState(null, "", "/?" + query);
  }

  function setThread(id) {
    thread.value = id || "";
    keepAddress(id ? "thread=" + encodeURIComponent(id) : "state=" + encodeURIComponent(select.value));
    startOver.hidden = !id;
    questionLabel.textContent = id ? words.english.follow_up : words.english.question;
    hint.textContent = id ? words.english.hint_follow_up : words.english.hint;
  }

  select.addEventListener("change", function () {
    if (!select.value) return;
    remember(select.value);
    stateError.textContent = "";
    select.removeAttribute("aria-invalid");
    startOver.href = "/?state=" + select.value;
    if (thread.value) {
      // A thread belongs to one state: the next question starts a new one.
      setThread("");
      status.textContent = words.english.new_thread;
    }
  });

  function post(payload) {
    return window.fetch("/api/ask", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(payload),
    }).then(function (response) {
      return response.json().then(
        function (body) { return { ok: response.ok, body: body }; },
        function () { return { ok: false, body: null }; }
      );
    });
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    if (busy) return;
    var asked = question.value.trim();
    if (!asked) {
      showError(words.english.empty);
      question.focus();
      return;
    }
    clearError();
    setBusy(true);
    status.textContent = words.english.asking;
    var payload = { state: select.value, question: asked };
    if (thread.value) payload.thread = thread.value;
    // One answer choice a line, as the form without scripts reads them.
    var listed = choicesBox.value.split("\n").filter(function (line) { return line.trim(); });
    if (listed.length) payload.choices = listed;

    post(payload)
      .then(function (result) {
        if (!result.ok && payload.thread && result.body && result.body.error && result.body.error.code === "unknown_thread") {
          setThread("");
          delete payload.thread;
          return post(payload);
        }
        return result;
      })
      .then(function (result) {
        setBusy(false);
        if (!result.ok) {
          var error = result.body && result.body.error;
          var message = error ? error.message : words.english.failed;
          status.textContent = "";
          // A state the server cannot answer for is said under the state, as the page without scripts does.
          showError(asSentence(message), error && error.code === "unknown_state" ? select : null);
          return;
        }
        var body = result.body;
        var previous = document.getElementById("latest");
        if (previous) previous.removeAttribute("id");
        var article = turnArticle(asked, listed, body);
        article.id = "latest";
        turns.hidden = false;
        var lede = document.getElementById("lede");
        if (lede) lede.hidden = true;
        turns.appendChild(article);
        setThread(body.thread);
        question.value = "";
        choicesBox.value = "";
        status.textContent = body.answer || body.silent_line;
        article.scrollIntoView({ block: "start" });
      })
      .catch(function () {
        // No network answer: let the browser post the form the plain way.
        setBusy(false);
        form.submit();
      });
  });
})();
