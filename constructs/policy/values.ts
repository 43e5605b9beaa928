/** Largest value of an `xs:int` attribute (`calls`, `max-count`, `tokens-per-minute`). */
export const XS_INT_MAX = 2_147_483_647;
