import type { RawCell } from "../../model/raw";

/** Generated sheets' cells by sheet name, some read only when first asked for (asking for the names reads none). */
export class LazyCells extends Map<string, RawCell[][]> {
  private readonly later = new Map<string, () => RawCell[][]>();

  defer(name: string, read: () => RawCell[][]): void {
    this.later.set(name, read);
  }

  private settle(name: string): void {
    const read = this.later.get(name);
    if (read === undefined) return;
    this.later.delete(name);
    super.set(name, read());
  }

  override get(name: string): RawCell[][] | undefined {
    this.settle(name);
    return super.get(name);
  }

  override has(name: string): boolean {
    return this.later.has(name) || super.has(name);
  }

  override get size(): number {
    return super.size + this.later.size;
  }

  override keys(): MapIterator<string> {
    return [...super.keys(), ...this.later.keys()][Symbol.iterator]();
  }

  override entries(): MapIterator<[string, RawCell[][]]> {
    for (const name of [...this.later.keys()]) this.settle(name);
    return super.entries();
  }

  override values(): MapIterator<RawCell[][]> {
    return [...this.entries()].map(([, v]) => v)[Symbol.iterator]();
  }

  override [Symbol.iterator](): MapIterator<[string, RawCell[][]]> {
    return this.entries();
  }

  override forEach(callback: (value: RawCell[][], key: string, map: Map<string, RawCell[][]>) => void, thisArg?: unknown): void {
    for (const [k, v] of this.entries()) callback.call(thisArg, v, k, this);
  }
}
