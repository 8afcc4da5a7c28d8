/** The example campaign as an .xlsx file in base64, made at build time (see webpack.config.js): a file of its own, loaded when asked for. */
declare const EXAMPLE_WORKBOOK_BASE64: string;

export const exampleWorkbook: string = EXAMPLE_WORKBOOK_BASE64;
