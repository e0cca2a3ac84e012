/**
 * The part of ua-parser-js 1.x (MIT, no types of its own) that server/modules/auth/user-agent.ts
 * uses. Version 2 changed its licence to AGPL, so package.json pins 1.x.
 */
declare module 'ua-parser-js' {
  interface UAParserPart {
    name?: string;
    version?: string;
  }
  interface UAParserBrowser extends UAParserPart {
    major?: string;
  }
  interface UAParserDevice {
    vendor?: string;
    model?: string;
    type?: string;
  }
  class UAParser {
    constructor(userAgent?: string);
    getBrowser(): UAParserBrowser;
    getOS(): UAParserPart;
    getDevice(): UAParserDevice;
  }
  export default UAParser;
}
