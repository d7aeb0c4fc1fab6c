/** Types of precompress.mjs (see there). */
export function brotli(body: Buffer): Buffer;
export function precompress(dir: string): { file: string; raw: number; br: number }[];
