// head-fields.js — the choice of a head, as the head views offer it: one option per layer and
// head, named as the grid names them ("L1 H2"), whose value is the head's index l·H + h.

import { h } from '../../ui/dom.js';
import { headName } from '../../lib/model/head-roles.js';

/** <option>s for every head of a model of `layers` × `heads`. */
export function headOptions(layers, heads) {
  return Array.from({ length: layers * heads }, (_, g) => h('option', { value: g }, headName(Math.floor(g / heads), g % heads)));
}
