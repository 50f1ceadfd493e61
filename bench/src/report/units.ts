/** How the summary writes its figures, the same in every section. */
export const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
export const ratio = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}x` : 'n/a');
export const ms = (value: number) => `${value.toFixed(2)} ms`;
export const micros = (value: number) => `${value.toFixed(1)} µs`;
/** A whole percentage, or `n/a` where it could not be measured. */
export const percent = (value: number | null) => (value === null ? 'n/a' : `${value}%`);
