// The console's one script, served as console.<hash>.js. It swaps the previews while the
// editor is typed in: it posts the form (with its CSRF token) to the same-origin preview
// endpoint at most every 400 ms and replaces the preview pane's HTML, which the server rendered
// and escaped. Without it, the Preview button does the same.
"use strict";
(function () {
  var form = document.getElementById("editor");
  if (!form || !window.fetch) { return; }
  var pane = document.getElementById("preview");
  var url = form.getAttribute("data-preview");
  var timer = null;
  var sequence = 0;
  function refresh() {
    var mine = ++sequence;
    var body = new URLSearchParams(new FormData(form));
    form.setAttribute("aria-busy", "true");
    fetch(url, { method: "POST", body: body, credentials: "same-origin", headers: { "Content-Type": "application/x-www-form-urlencoded" } })
      .then(function (response) { return response.ok ? response.text() : Promise.reject(response.status); })
      .then(function (html) { if (mine === sequence) { pane.innerHTML = html; pane.setAttribute("data-updated", String(mine)); } })
      .catch(function () { /* the Preview button still works */ })
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
