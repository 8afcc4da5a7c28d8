export * from "./errors";
export * from "./exact";
export * from "./toll";
export * from "./growth";
export * from "./war";
export * from "./resist";
