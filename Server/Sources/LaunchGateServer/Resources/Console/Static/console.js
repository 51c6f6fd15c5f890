// The console's one script, served as console.<hash>.js. It swaps the previews while the
// editor is typed in: it posts the form (with its CSRF token) to the same-origin preview
// endpoint at most every 400 ms and replaces the preview pane's HTML, which the server rendered
// and escaped. Then it marks each field the server listed as invalid in those previews
// (aria-invalid, and its message next to it), clears the rest, and copies the impact's first
// sentence to the line a phone keeps at the foot of the screen: the server decides, this only
// shows it. Without it, the Preview button does the same.
"use strict";
(function () {
  var form = document.getElementById("editor");
  if (!form || !window.fetch) { return; }
  var pane = document.getElementById("preview");
  var stale = document.getElementById("preview-stale");
  var url = form.getAttribute("data-preview");
  var timer = null;
  var sequence = 0;
  function mark() {
    var messages = Object.create(null);
    pane.querySelectorAll("#invalid-fields li[data-field]").forEach(function (item) {
      var message = item.querySelector(".message");
      messages[item.getAttribute("data-field")] = message ? message.textContent : "";
    });
    form.querySelectorAll("[data-validated]").forEach(function (input) {
      var message = input.id in messages ? messages[input.id] : null;
      var error = document.getElementById(input.id + "-error");
      var field = input.closest(".field");
      if (message === null) { input.removeAttribute("aria-invalid"); } else { input.setAttribute("aria-invalid", "true"); }
      if (field) { field.classList.toggle("invalid", message !== null); }
      if (error) { error.textContent = message || ""; error.hidden = message === null; }
    });
  }
  // The impact's first sentence at the foot of a phone's screen follows the pane's.
  function jump() {
    var summary = pane.querySelector("#impact-summary");
    var copy = document.getElementById("impact-jump-summary");
    if (copy) { copy.textContent = summary ? summary.textContent : ""; }
  }
  function refresh() {
    var mine = ++sequence;
    var body = new URLSearchParams(new FormData(form));
    form.setAttribute("aria-busy", "true");
    // A redirect is the session gone (to the sign-in page): an error here, never a page pasted into the pane.
    fetch(url, { method: "POST", body: body, credentials: "same-origin", redirect: "error",
                 headers: { "Content-Type": "application/x-www-form-urlencoded" } })
      .then(function (response) { return response.ok ? response.text() : Promise.reject(response.status); })
      .then(function (html) {
        if (mine !== sequence) { return; }
        pane.innerHTML = html;
        pane.setAttribute("data-updated", String(mine));
        if (stale) { stale.hidden = true; }
        mark();
        jump();
      })
      .catch(function () { if (mine === sequence && stale) { stale.hidden = false; } })
      .then(function () { if (mine === sequence) { form.removeAttribute("aria-busy"); } });
  }
  function schedule(event) {
    if (event.target && event.target.id === "confirm") { return; }
    clearTimeout(timer);
    timer = setTimeout(refresh, 400);
  }
  form.addEventListener("input", schedule);
  form.addEventListener("change", schedule);
})();
