/** Flags for `chromium.launch({ args })`: the one list (scripts/lib/chromium.mjs). */
export declare const CHROMIUM_ARGS: readonly string[];
