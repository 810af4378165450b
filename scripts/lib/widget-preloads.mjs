// widget-preloads.mjs — a Vite plugin for embed.html: writes into the page, as a JSON data block
// (<script type="application/json" id="widget-modules">), the files each widget's module needs:
// its chunk and every chunk it imports, in turn. embed.js asks for them all at once (<link
// rel="modulepreload">) before it imports the widget, rather than one import after another.
//
// The lab's own page carries the list, not the shipped scripts: Vite's preload lists in a chunk
// (build.modulePreload in vite.config.js) name the package's files, which a course author's
// bundler renames, while embed.html is always served as built.

const WIDGET_MODULE = /\/widgets\/[^/]+\/(attn-[a-z-]+)\.js$/;

/** { 'attn-stepper': ['./assets/attn-stepper-….js', './assets/widget-base-….js', …], … }. */
function widgetModules(bundle) {
  const chunks = new Map(Object.values(bundle).filter((file) => file.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
  const modules = {};
  // A widget's module is in a chunk the registry's import() loads (with the modules only it uses).
  const widgetChunks = [...chunks.values()].flatMap((chunk) => chunk.moduleIds
    .map((id) => WIDGET_MODULE.exec(id)?.[1]).filter(Boolean).map((tag) => [tag, chunk]));
  for (const [tag, chunk] of widgetChunks) {
    const files = new Set();
    const visit = (fileName) => {
      if (files.has(fileName)) return;
      files.add(fileName);
      for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
    };
    visit(chunk.fileName);
    modules[tag] = [...files].map((fileName) => `./${fileName}`);
  }
  return modules;
}

export function widgetPreloads(page = 'embed.html') {
  return {
    name: 'widget-preloads',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, filename }) {
        if (!bundle || !filename.endsWith(page)) return html;
        const list = { tag: 'script', attrs: { type: 'application/json', id: 'widget-modules' }, children: JSON.stringify(widgetModules(bundle)), injectTo: 'head' };
        return { html, tags: [list] };
      },
    },
  };
}
