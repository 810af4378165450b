// embed-resize.js — for pages that show Attention Lab widgets in iframes of embed.html:
//   <iframe src="https://lab-host/embed.html?widget=masks" title="…" width="100%" height="700"></iframe>
//   <script src="https://lab-host/embed-resize.js" defer></script>
// Each embed.html posts { type: 'attn-lab:size', height, ready } whenever its widget's height
// changes; this sets the height of the iframe that sent it, so the frame never shows a scrollbar.
// `ready` is true once the widget has started and drawn: only then does the frame take its height
// exactly. Before that (a widget below the fold waits to start, its code may still be on its way)
// the frame may grow to what is posted but never shrinks, so it keeps the height it was written
// with (or the browser's 150 px) until the real height arrives.
// It touches nothing else on the page and sends nothing anywhere.
(function () {
  'use strict';
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || data.type !== 'attn-lab:size' || !(data.height > 0)) return;
    var frames = document.getElementsByTagName('iframe');
    for (var i = 0; i < frames.length; i++) {
      var frame = frames[i];
      if (frame.contentWindow !== event.source) continue;
      var height = Math.min(Math.ceil(data.height), 20000);
      if (data.ready !== true) height = Math.max(height, frame.clientHeight);
      frame.style.height = height + 'px';
      frame.style.border = '0';
    }
  });
})();
