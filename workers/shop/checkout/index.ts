export * from "./step";
