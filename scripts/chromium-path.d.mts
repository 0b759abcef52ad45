/** The paths tried, in order: $CHROME_PATH, then Debian's chromium. */
export function chromiumCandidates(): string[];
/** The first executable candidate, or null. */
export function findChromium(): string | null;
/** Whether `file` exists and may be executed. */
export function isExecutable(file: string): boolean;
