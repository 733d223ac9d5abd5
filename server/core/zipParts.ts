import unzipper from 'unzipper';

/** How far an uploaded zip (a workbook, a Word file) may inflate, checked while it inflates. */
export interface InflateLimits {
  /** The most bytes all its parts together may inflate to. */
  totalBytes: number;
  /** The most one part may grow by (inflated ÷ compressed) ... */
  ratio: number;
  /** ... once it has inflated past this many bytes (a small part of repeated text may grow by more, harmlessly). */
  ratioFromBytes: number;
}

/**
 * What came of walking a zip: every part read ('done'), a reader had seen enough ('stopped'), a limit was passed
 * ('too_large'), or it is no zip ('unreadable').
 */
export type ZipWalk = 'done' | 'stopped' | 'too_large' | 'unreadable';

/** Takes one inflated chunk of a part; answers true when it has seen enough and the walk may stop. */
export type ChunkReader = (chunk: Buffer) => boolean | void;

/** Whether `total` bytes in all, or a part of `compressed` bytes grown to `inflated`, pass the limits. */
const grows = (limits: InflateLimits, total: number, inflated: number, compressed: number) =>
  total > limits.totalBytes || (inflated > limits.ratioFromBytes && inflated > limits.ratio * Math.max(compressed, 1));

/**
 * Inflates a zip's parts one after the other, handing each chunk of the parts `read` asks for to the reader it answers,
 * and gives up at once when a limit is passed or a reader has seen enough: nothing is inflated whole before it is
 * counted, so a small file that inflates to gigabytes costs no more than its limit. Without limits only the parts asked
 * for are inflated.
 */
export async function walkZip(
  buffer: Buffer,
  options: { limits?: InflateLimits; read?: (path: string) => ChunkReader | undefined },
): Promise<ZipWalk> {
  const { limits, read } = options;
  const directory = await unzipper.Open.buffer(buffer).catch(() => null);
  if (!directory) return 'unreadable';
  let total = 0;
  for (const file of directory.files) {
    if (file.type === 'Directory') continue;
    const reader = read?.(file.path);
    if (!reader && !limits) continue;
    // what the directory says is checked first (an honest bomb is refused unread), what inflates is counted below
    if (limits && grows(limits, total + file.uncompressedSize, file.uncompressedSize, file.compressedSize))
      return 'too_large';
    let inflated = 0;
    try {
      for await (const chunk of file.stream()) {
        const bytes = chunk as Buffer;
        inflated += bytes.length;
        total += bytes.length;
        if (limits && grows(limits, total, inflated, file.compressedSize)) return 'too_large';
        if (reader?.(bytes)) return 'stopped';
      }
    } catch {
      return 'unreadable';
    }
  }
  return 'done';
}
