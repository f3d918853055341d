/** A request or an answer as plain JSON: the wire shapes every format reads and writes (a leaf, so usage.ts may name it). */
export type Json = Record<string, unknown>;
