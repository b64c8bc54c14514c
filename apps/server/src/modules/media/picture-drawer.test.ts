import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPictureDrawer } from './picture-drawer.ts';

const run = promisify(execFile);
const PIXELS = 50_000_000;

/** Whether process `pid` has libvips (sharp's library) mapped into its memory. */
const mapsLibvips = (pid: number) => /libvips/.test(readFileSync(`/proc/${pid}/maps`, 'utf8'));

describe('pictures are drawn in a process of their own (picture-drawer.ts)', () => {
  let dir: string;
  let original: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pictures-'));
    original = join(dir, 'kaju.png');
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#b5461b' } })
      .png()
      .toBuffer();
    writeFileSync(original, png);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.runIf(process.platform === 'linux')(
    "draws a copy with libvips in the drawing process; the server's own process never maps it",
    async () => {
      // A fresh process stands for the server: this test's own has sharp loaded for its fixtures.
      const script = `
        import { readFileSync } from 'node:fs';
        import { writeVariant } from './apps/server/src/modules/media/media-files.ts';
        import { pictures } from './apps/server/src/modules/media/picture-drawer.ts';
        await writeVariant(${JSON.stringify(original)}, ${JSON.stringify(join(dir, 'server.webp'))}, { width: 120, height: 120 });
        const drawing = pictures.pid();
        const libvips = (pid) => /libvips/.test(readFileSync('/proc/' + pid + '/maps', 'utf8'));
        console.log(JSON.stringify({ server: libvips(process.pid), drawing: libvips(drawing) }));
        pictures.close();`;
      const { stdout } = await run(process.execPath, [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        script,
      ]);
      expect(JSON.parse(stdout)).toEqual({ server: false, drawing: true });
      const copy = await sharp(join(dir, 'server.webp')).metadata();
      expect(copy).toMatchObject({ format: 'webp', width: 120, height: 120 });
    },
  );

  it('tells what an upload is, and whether it decodes whole', async () => {
    const pictures = createPictureDrawer();
    try {
      const png = readFileSync(original);
      await expect(pictures.inspect(png, PIXELS)).resolves.toEqual({
        readable: true,
        format: 'png',
        width: 400,
        height: 300,
        decodes: true,
      });
      await expect(pictures.inspect(png.subarray(0, 200), PIXELS)).resolves.toMatchObject({ decodes: false });
      await expect(pictures.inspect(Buffer.from('not a picture'), PIXELS)).resolves.toEqual({
        readable: false,
        overPixelLimit: false,
      });
      await expect(pictures.inspect(png, 1_000)).resolves.toEqual({ readable: false, overPixelLimit: true });
    } finally {
      pictures.close();
    }
  });

  it("draws a new shop's missing demo pictures (its logos here) and says how many", async () => {
    const pictures = createPictureDrawer();
    const mediaDir = join(dir, 'demo');
    try {
      const written = await pictures.drawDemoMedia(mediaDir, { overwrite: false, logosOnly: true });
      expect(written).toBeGreaterThan(0);
      const logo = await sharp(join(mediaDir, 'payment-gateways/razorpay-logo.png')).metadata();
      expect(logo).toMatchObject({ format: 'png', width: 240, height: 80 });
      await expect(pictures.drawDemoMedia(mediaDir, { overwrite: false, logosOnly: true })).resolves.toBe(0);
    } finally {
      pictures.close();
    }
  });

  it('fails the pictures of a process that dies, and starts a new one for the next', async () => {
    const pictures = createPictureDrawer();
    try {
      const lostCopy = pictures.drawVariant(
        original,
        join(dir, 'lost.webp'),
        { width: 300, height: 300 },
        PIXELS,
      );
      const first = pictures.pid();
      expect(first).toBeTypeOf('number');
      process.kill(first as number, 'SIGKILL');
      await expect(lostCopy).rejects.toThrow(/the picture process ended \(SIGKILL\)/);
      expect(pictures.pid()).toBeUndefined();

      await pictures.drawVariant(original, join(dir, 'next.webp'), { width: 480 }, PIXELS);
      expect(pictures.pid()).not.toBe(first);
      // A width-limited copy never grows: the 400 px original stays 400 px wide.
      expect(await sharp(join(dir, 'next.webp')).metadata()).toMatchObject({ width: 400, height: 300 });
    } finally {
      pictures.close();
    }
  });

  it('stops a drawing past its time and fails it', async () => {
    // Starting the process alone takes longer than 1 ms.
    const pictures = createPictureDrawer({ answerTimeoutMs: 1 });
    const copy = pictures.drawVariant(original, join(dir, 'late.webp'), { width: 120, height: 120 }, PIXELS);
    const pid = pictures.pid() as number;
    await expect(copy).rejects.toThrow(/took more than 1 ms and was stopped/);
    await vi.waitFor(() => expect(() => process.kill(pid, 0)).toThrow());
  });

  it('sends a picture asked for just after close() to a new process', async () => {
    const pictures = createPictureDrawer();
    try {
      await pictures.drawVariant(
        original,
        join(dir, 'before-close.webp'),
        { width: 120, height: 120 },
        PIXELS,
      );
      const first = pictures.pid();
      pictures.close();
      await pictures.drawVariant(
        original,
        join(dir, 'after-close.webp'),
        { width: 120, height: 120 },
        PIXELS,
      );
      expect(pictures.pid()).toBeTypeOf('number');
      expect(pictures.pid()).not.toBe(first);
    } finally {
      pictures.close();
    }
  });

  it('lets an idle process go, and starts one again for a later picture', async () => {
    const pictures = createPictureDrawer({ idleMs: 50 });
    try {
      await pictures.drawVariant(original, join(dir, 'one.webp'), { width: 120, height: 120 }, PIXELS);
      const first = pictures.pid() as number;
      expect(mapsLibvips(first)).toBe(true);
      await vi.waitFor(() => expect(pictures.pid()).toBeUndefined());
      await vi.waitFor(() => expect(() => process.kill(first, 0)).toThrow());

      await pictures.drawVariant(original, join(dir, 'two.webp'), { width: 120, height: 120 }, PIXELS);
      expect(pictures.pid()).toBeTypeOf('number');
      expect(pictures.pid()).not.toBe(first);
    } finally {
      pictures.close();
    }
  });
});
