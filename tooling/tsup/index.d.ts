import type { Options } from 'tsup';

/** The options every published package builds with (ESM + CJS, ES2022, declarations, source maps); see index.js. */
export declare const library: Options;
/** What a React library keeps out of its bundle: the consumer's React. */
export declare const reactExternals: string[];
/** Empties `dist/` beside the calling tsup.config.ts (`import.meta.url`): for configs with more than one build. */
export declare function emptyDist(configUrl: string | URL): void;
