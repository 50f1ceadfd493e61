/* global requestAnimationFrame, document */
// A visitor's drawn page (decision 0035) asks for the app's code once it has painted: the entry and its
// preloads wait in <template id="app-code"> (web/scripts/prerender-html.ts) and are added to the document
// in the task after the first frame. A plain script, not a module: it must run before any module does.
requestAnimationFrame(function () {
  setTimeout(function () {
    var code = document.getElementById('app-code');
    if (code) document.head.append(code.content.cloneNode(true));
  }, 0);
});
