/* global requestAnimationFrame, document */
// A visitor's drawn page (decision 0035) asks for the app's code once it has painted: the entry and its
// preloads wait in <template id="app-code"> (web/scripts/prerender-html.ts) and are added to the document
// once the browser reports the first contentful paint, which it does when that frame is on screen. The task
// after the frame's main-thread part came too early on a slow phone: the frame was not yet presented, and
// the code's requests then counted as holding up the page's largest paint. A plain script, not a module: it
// must run before any module does.
(function () {
  var started = false;
  // One tag a task: adding one starts its request, which took 1-10 ms each on a phone-speed main thread,
  // and all at once they were a long task. A message, not a timer: a hidden tab holds timers back.
  function addTags(tags) {
    var tag = tags.shift();
    if (!tag) return;
    document.head.append(tag);
    if (tags.length === 0) return;
    var channel = new MessageChannel();
    channel.port1.onmessage = function () {
      channel.port1.close();
      addTags(tags);
    };
    channel.port2.postMessage(null);
  }
  function start() {
    if (started) return;
    started = true;
    var code = document.getElementById('app-code');
    // The entry first: its request matters most, and the preloads only save a round trip to its imports.
    if (code) addTags([].slice.call(code.content.cloneNode(true).children));
  }
  var paintTiming =
    typeof PerformanceObserver === 'function' &&
    (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') !== -1;
  // Without paint timing, in the task after the first frame; with it, a second after that frame should the
  // paint not be reported. Never before the first frame (none comes in a hidden tab: the code waits until it shows).
  requestAnimationFrame(function () {
    setTimeout(start, paintTiming ? 1000 : 0);
  });
  if (!paintTiming) return;
  new PerformanceObserver(function (list, observer) {
    var painted = list.getEntries().some(function (entry) {
      return entry.name === 'first-contentful-paint';
    });
    if (!painted) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
})();
