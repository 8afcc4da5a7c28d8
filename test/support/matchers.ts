/**
 * Jest's asymmetric matchers for use inside an expected object or array, typed unknown: the
 * typings give them `any`, which would pass unchecked into whatever holds them. Each still
 * matches as jest's own does.
 */
export const stringMatching = (pattern: string | RegExp): unknown => expect.stringMatching(pattern);
export const stringContaining = (text: string): unknown => expect.stringContaining(text);
export const arrayContaining = (items: readonly unknown[]): unknown => expect.arrayContaining(items);
export const closeTo = (n: number, digits?: number): unknown => expect.closeTo(n, digits);
