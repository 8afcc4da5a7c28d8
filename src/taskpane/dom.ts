/** Small DOM helpers for the pane. Text always goes in as text: names come from the workbook. */
import type { Id } from "./ids";

/** The pane's element with this id; given a kind (HTMLSelectElement, say), checked to be one. */
export function byId(id: Id): HTMLElement;
export function byId<T extends HTMLElement>(id: Id, kind: new () => T): T;
export function byId(id: Id, kind?: new () => HTMLElement): HTMLElement {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`the pane has no element #${id}`);
  if (kind !== undefined && !(found instanceof kind)) throw new Error(`the pane's element #${id} is not a ${kind.name}`);
  return found;
}

/** A control the pane enables and disables: a button, an input or a select. */
export function controlById(id: Id): HTMLButtonElement | HTMLInputElement | HTMLSelectElement {
  const found = byId(id);
  if (found instanceof HTMLButtonElement || found instanceof HTMLInputElement || found instanceof HTMLSelectElement) return found;
  throw new Error(`the pane's element #${id} is not a button, an input or a select`);
}

export interface Props {
  readonly text?: string;
  readonly className?: string;
  readonly attrs?: Readonly<Record<string, string>>;
}

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Node[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.text !== undefined) node.textContent = props.text;
  if (props.className !== undefined) node.className = props.className;
  for (const [k, v] of Object.entries(props.attrs ?? {})) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

/** Replaces a select's options, keeping the chosen one when it is still offered. */
export function setOptions(select: HTMLSelectElement, options: readonly { value: string; label: string }[]): void {
  const chosen = select.value;
  select.replaceChildren(...options.map((o) => el("option", { text: o.label, attrs: { value: o.value } })));
  if (options.some((o) => o.value === chosen)) select.value = chosen;
}

/** A number as the pane shows it: at most four decimals, thousands separated. */
export function shown(n: number): string {
  return n.toLocaleString("en-US", { maximumFractionDigits: 4 });
}
