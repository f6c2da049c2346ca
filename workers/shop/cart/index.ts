export * from "./lines";
