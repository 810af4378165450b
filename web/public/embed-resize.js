// embed-resize.js — for pages that show Attention Lab widgets in iframes of embed.html:
//   <iframe src="https://lab-host/embed.html?widget=masks" title="…" width="100%"></iframe>
//   <script src="https://lab-host/embed-resize.js" defer></script>
// Each embed.html posts { type: 'attn-lab:size', height } whenever its widget's height changes;
// this sets the height of the iframe that sent it, so the frame never shows a scrollbar.
// It touches nothing else on the page and sends nothing anywhere.
(function () {
  'use strict';
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || data.type !== 'attn-lab:size' || !(data.height > 0)) return;
    var frames = document.getElementsByTagName('iframe');
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === event.source) {
        frames[i].style.height = Math.min(Math.ceil(data.height), 20000) + 'px';
        frames[i].style.border = '0';
      }
    }
  });
})();
