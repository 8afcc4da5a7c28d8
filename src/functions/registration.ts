/**
 * The build appends a `CustomFunctions.associate(...)` line per function to each file of
 * declarations/, which imports this. Inside Excel the custom functions runtime provides
 * CustomFunctions; a plain browser opening the page has none, and the registrations then go to
 * this stand-in instead of failing.
 */
export const CustomFunctions: { associate(id: string, fn: unknown): void } = (globalThis as { CustomFunctions?: { associate(id: string, fn: unknown): void } })
  .CustomFunctions ?? { associate: () => undefined };
