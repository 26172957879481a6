// Types for the e2e config, which picks its browser as `npm test` does (ensure-browser.mjs).
export declare function findBrowser(): string | undefined;
export declare function ensureBrowser(options?: { held?: string | null }): Promise<string>;
