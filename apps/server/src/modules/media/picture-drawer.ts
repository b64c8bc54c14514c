import { type ChildProcess, fork } from 'node:child_process';
import type { DemoMediaOptions } from '@shop/db/seed/media/demo-media';
import { ownProcessEntry } from '../../own-process.ts';

/**
 * Draws and checks pictures in a process of its own (picture-process.ts says why), forked on the
 * first picture asked for and let go once it has had nothing to do for `idleMs`: a shop draws
 * pictures in bursts (a new visitor's missing copies, an upload, the copies' background job) and
 * then for hours not at all. Starting it costs the first picture of a burst ~0.1–0.3 s.
 *
 * A process that dies (a picture that crashed libvips, a drawing past `answerTimeoutMs`, which is
 * then stopped) fails the pictures it had in hand; the next picture starts a new one.
 */

export type PictureRequest =
  | {
      id: number;
      kind: 'variant';
      original: string;
      target: string;
      size: { width: number; height?: number };
      maxPixels: number;
    }
  | { id: number; kind: 'inspect'; data: Uint8Array; maxPixels: number }
  | { id: number; kind: 'demo-media'; mediaDir: string; options: DemoMediaOptions };

/** An uploaded file as its header tells it, and whether it decodes whole. */
export type PictureFacts =
  | { readable: false; overPixelLimit: boolean }
  | { readable: true; format: string | undefined; width: number; height: number; decodes: boolean };

export type PictureAnswer =
  | { id: number; ok: true; facts?: PictureFacts; written?: number }
  | { id: number; ok: false; error: string };

export interface PictureDrawer {
  /**
   * Writes the WebP copy of the image at `original` to `target` (written then renamed): a square
   * is cropped to fill, a width-limited copy keeps its shape and never grows.
   */
  drawVariant(
    original: string,
    target: string,
    size: { width: number; height?: number },
    maxPixels: number,
  ): Promise<void>;
  /** What an uploaded file is; it is decoded only if its header is within `maxPixels`. */
  inspect(data: Uint8Array, maxPixels: number): Promise<PictureFacts>;
  /** Writes the demo shop's missing pictures under `mediaDir` (a new shop's first start); resolves to how many. */
  drawDemoMedia(mediaDir: string, options: DemoMediaOptions): Promise<number>;
  /** The drawing process's pid while one runs (tests). */
  pid(): number | undefined;
  /** Lets the drawing process go now; pictures asked for later start a new one. */
  close(): void;
}

interface Waiting {
  drawing: ChildProcess;
  resolve(answer: PictureAnswer): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

export function createPictureDrawer(
  options: { idleMs?: number; answerTimeoutMs?: number } = {},
): PictureDrawer {
  const idleMs = options.idleMs ?? 30_000;
  const answerTimeoutMs = options.answerTimeoutMs ?? 60_000;
  /** The process new pictures go to; one that is going (disconnected, killed) is no longer it. */
  let child: ChildProcess | undefined;
  const waiting = new Map<number, Waiting>();
  let lastId = 0;
  let idleTimer: NodeJS.Timeout | undefined;

  /** New pictures go to a new process from now on. */
  function forget(drawing: ChildProcess) {
    if (child !== drawing) return;
    child = undefined;
    clearTimeout(idleTimer);
  }

  /** Fails every picture `drawing` had in hand, and lets it go. */
  function fail(drawing: ChildProcess, why: string) {
    forget(drawing);
    for (const [id, asked] of waiting) {
      if (asked.drawing !== drawing) continue;
      clearTimeout(asked.timer);
      waiting.delete(id);
      asked.reject(new Error(`the picture process ${why}`));
    }
  }

  function start(): ChildProcess {
    const entry = ownProcessEntry(new URL('./picture-process.ts', import.meta.url), 'picture-process');
    const started = fork(entry.path, [], {
      execArgv: entry.execArgv,
      // Structured clone, so that an upload's bytes travel as bytes, not as JSON.
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    started.on('message', (answer: PictureAnswer) => {
      const asked = waiting.get(answer.id);
      if (!asked) return;
      waiting.delete(answer.id);
      clearTimeout(asked.timer);
      asked.resolve(answer);
      if (![...waiting.values()].some((other) => other.drawing === started)) idle(started);
    });
    // A process that goes takes no new pictures; what it held fails once it has ended (it answers
    // nothing after its channel closes, and exits then: picture-process.ts).
    started.once('disconnect', () => forget(started));
    started.once('exit', (code, signal) => fail(started, `ended (${signal ?? `exit code ${code}`})`));
    started.once('error', (error) => {
      fail(started, `failed: ${error.message}`);
      started.kill('SIGKILL');
    });
    // Neither the process nor, while idle, its channel keeps the server's event loop alive.
    started.unref();
    return started;
  }

  /** Nothing in hand: the channel stops holding the event loop, and the process goes in `idleMs`. */
  function idle(drawing: ChildProcess) {
    drawing.channel?.unref();
    if (child !== drawing) return;
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => drawing.disconnect(), idleMs);
    idleTimer.unref();
  }

  function ask(request: PictureRequest, timeoutMs = answerTimeoutMs): Promise<PictureAnswer> {
    // A process being let go (its channel closing) takes no more pictures.
    if (!child?.connected) child = start();
    const drawing = child;
    clearTimeout(idleTimer);
    drawing.channel?.ref();
    return new Promise<PictureAnswer>((resolve, reject) => {
      const timer = setTimeout(() => {
        // A drawing that hangs holds every later one: the process is stopped, and all it held fail.
        fail(drawing, `took more than ${timeoutMs} ms and was stopped`);
        drawing.kill('SIGKILL');
      }, timeoutMs);
      waiting.set(request.id, { drawing, resolve, reject, timer });
      drawing.send(request, (error) => {
        if (!error) return;
        fail(drawing, `could not be reached: ${error.message}`);
        drawing.kill('SIGKILL');
      });
    });
  }

  return {
    async drawVariant(original, target, size, maxPixels) {
      const answer = await ask({ id: ++lastId, kind: 'variant', original, target, size, maxPixels });
      if (!answer.ok) throw new Error(answer.error);
    },
    async inspect(data, maxPixels) {
      const answer = await ask({ id: ++lastId, kind: 'inspect', data, maxPixels });
      if (!answer.ok) throw new Error(answer.error);
      if (!answer.facts) throw new Error('the picture process answered without the facts asked for');
      return answer.facts;
    },
    async drawDemoMedia(mediaDir, options) {
      // ~300 pictures: 4 s on a two-core machine, so a slow one gets ten minutes.
      const answer = await ask({ id: ++lastId, kind: 'demo-media', mediaDir, options }, 10 * 60_000);
      if (!answer.ok) throw new Error(answer.error);
      return answer.written ?? 0;
    },
    pid: () => child?.pid,
    close() {
      if (child?.connected) child.disconnect();
    },
  };
}

/** The server's drawer: one process for the whole server, shared by every module that draws. */
export const pictures = createPictureDrawer();
