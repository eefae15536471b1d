/** The success envelope every API answer wraps its data in: `{ success: true, data }`. */
export const ok = <T>(data: T) => ({ success: true as const, data });
