// widget-classes.mjs — every widget class of the registry (web/widgets/registry.js), loaded in
// node for what it declares (attributes, events, parts): each module is imported as a browser
// would, and widget-base.js's defineWidget records the class even without a DOM. A widget module
// that touches the DOM when imported (rather than when its element is built) fails here, with
// its name: the manifest, the types and a server-rendered course page all need it importable.

import { WIDGETS } from '../../web/widgets/registry.js';
import { definedWidgets } from '../../web/ui/widget-base.js';

/** [{ name, tag, section, Widget }] in registry order. */
export async function widgetClasses() {
  const found = [];
  for (const entry of WIDGETS) {
    try {
      await entry.load();
    } catch (error) {
      throw new Error(`<${entry.tag}> could not be imported without a DOM (${error.message}). A widget module may `
        + 'use the DOM in its element\'s methods, not when it is imported.');
    }
    const Widget = definedWidgets.get(entry.tag);
    if (!Widget) throw new Error(`<${entry.tag}> is in the registry, but its module does not call defineWidget('${entry.tag}', …).`);
    found.push({ name: entry.name, tag: entry.tag, section: entry.section, Widget });
  }
  return found;
}
