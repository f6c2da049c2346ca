export * from "./running";
