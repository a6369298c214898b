declare const __APP_BUILD_ID__: string;

/** Identifies the build (vite.config.ts `define`, from APP_BUILD_ID); the update test tells builds apart by it. */
export const BUILD_ID: string = __APP_BUILD_ID__;
