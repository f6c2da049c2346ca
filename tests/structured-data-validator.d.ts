/** The part of @adobe/structured-data-validator's API the tests use (the package ships no types). */
declare module "@adobe/structured-data-validator" {
  export default class Validator {
    /** Without the schema.org vocabulary, only Google's rich-result rules run. */
    constructor(schemaOrgJson?: object);
    validate(extracted: { jsonld: Record<string, unknown[]>; microdata: object; rdfa: object; errors: unknown[] }): Promise<unknown[]>;
  }
}
