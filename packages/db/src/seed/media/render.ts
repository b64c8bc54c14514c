import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import type { Sharp } from 'sharp';

/** One file to write, relative to the media folder. */
export interface MediaOutput {
  file: string;
  width: number;
  height: number;
  format: 'webp' | 'png';
}

/** One picture drawn once (SVG) and written in one or more sizes; or raw bytes (the PDF). */
export type MediaJob =
  | { kind: 'svg'; svg: () => string; outputs: readonly MediaOutput[] }
  | { kind: 'bytes'; file: string; bytes: () => Buffer };

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

async function encode(image: Sharp, output: MediaOutput, path: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const resized = image.resize(output.width, output.height, { fit: 'cover' });
  // Effort 0 is three times faster than the default and costs ~25% in size on these flat pictures
  // (an 800×800 product image stays near 20 KB); first start must stay fast.
  const encoded =
    output.format === 'webp'
      ? resized.webp({ quality: 76, effort: 0 })
      : resized.png({ compressionLevel: 9, adaptiveFiltering: false });
  await writeAtomically(path, (temporary) => encoded.toFile(temporary).then(() => undefined));
}

/**
 * Writes through a temporary name and renames: a start that is killed half-way never leaves a
 * truncated file that later runs would skip as "already there".
 */
async function writeAtomically(path: string, write: (temporary: string) => Promise<void>): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await write(temporary);
  await rename(temporary, path);
}

/** The outputs of an SVG job still to write: every one with `overwrite`, else those not on disk. */
async function missingOutputs(
  job: Extract<MediaJob, { kind: 'svg' }>,
  mediaDir: string,
  overwrite: boolean,
): Promise<MediaOutput[]> {
  const wanted: MediaOutput[] = [];
  for (const output of job.outputs) {
    if (overwrite || !(await exists(join(mediaDir, output.file)))) wanted.push(output);
  }
  return wanted;
}

/** Whether running the jobs would write any file (no picture is drawn to find out). */
export async function mediaJobsWouldWrite(
  jobs: readonly MediaJob[],
  mediaDir: string,
  overwrite: boolean,
): Promise<boolean> {
  if (overwrite) return jobs.length > 0;
  for (const job of jobs) {
    if (
      job.kind === 'bytes'
        ? !(await exists(join(mediaDir, job.file)))
        : (await missingOutputs(job, mediaDir, false)).length > 0
    )
      return true;
  }
  return false;
}

/** Writes the job's missing files (all of them with overwrite); returns how many were written. */
async function runJob(job: MediaJob, mediaDir: string, overwrite: boolean): Promise<number> {
  if (job.kind === 'bytes') {
    const path = join(mediaDir, job.file);
    if (!overwrite && (await exists(path))) return 0;
    await mkdir(dirname(path), { recursive: true });
    await writeAtomically(path, (temporary) => writeFile(temporary, job.bytes()));
    return 1;
  }
  const wanted = await missingOutputs(job, mediaDir, overwrite);
  if (wanted.length === 0) return 0;
  // Loaded only when a picture is missing: a start whose media are all there never loads libvips
  // (~100 ms). Each picture is drawn once, so libvips' cache of decoded images would only hold memory.
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
  // Rasterise the SVG once, then derive every size from the pixels (SVG rendering is the slow part).
  // Only the PNG logos need transparency; opaque pixels encode much faster as WebP.
  const keepAlpha = wanted.some((output) => output.format === 'png');
  const svg = sharp(Buffer.from(job.svg()));
  const { data, info } = await (keepAlpha ? svg.ensureAlpha() : svg.removeAlpha())
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  for (const output of wanted) await encode(sharp(data, { raw }), output, join(mediaDir, output.file));
  return wanted.length;
}

/** Runs the jobs with limited concurrency (about one per core); returns the number of files written. */
export async function runMediaJobs(
  jobs: readonly MediaJob[],
  mediaDir: string,
  overwrite: boolean,
  concurrency = Math.max(2, availableParallelism()),
): Promise<number> {
  let next = 0;
  let written = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      if (!job) continue;
      // Not `written += await …`: that reads `written` before awaiting and loses other workers' counts.
      const count = await runJob(job, mediaDir, overwrite);
      written += count;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  return written;
}
