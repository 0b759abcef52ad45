/**
 * A named build phase: prints ✓/✗ with its duration and a summary of what it
 * did, and records the timing for the build report (.marea/build-report.json).
 */
export interface PhaseTiming {
  name: string;
  ms: number;
  summary: string;
}

export type Logger = (line: string) => void;

export class PhaseRecorder {
  readonly timings: PhaseTiming[] = [];
  constructor(private readonly log: Logger = (line) => console.log(line)) {}

  async run<T>(name: string, work: () => Promise<T> | T, summarise: (result: T) => string = () => ''): Promise<T> {
    const started = performance.now();
    try {
      const result = await work();
      const ms = performance.now() - started;
      const summary = summarise(result);
      this.timings.push({ name, ms, summary });
      this.log(`  ✓ ${name.padEnd(10)} ${formatMs(ms).padStart(8)}  ${summary}`);
      return result;
    } catch (error) {
      const ms = performance.now() - started;
      this.timings.push({ name, ms, summary: 'failed' });
      this.log(`  ✗ ${name.padEnd(10)} ${formatMs(ms).padStart(8)}  failed`);
      throw error;
    }
  }
}

export function formatMs(ms: number): string {
  return ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}
